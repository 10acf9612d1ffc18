import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AlertTriangle, Pencil, Plus } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  INVENTORY_CATEGORIES,
  INVENTORY_CATEGORY_LABELS,
  type InventoryCategory,
  type InventoryItem,
} from '@bantay/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { notify } from '@/lib/toast.ts';
import { ItemDialog } from './ItemDialog.tsx';
import { Chip } from '@/components/Chip.tsx';
import { QueryState } from '@/components/QueryState.tsx';
import { Thumb } from '@/components/Thumb.tsx';
import { fetchInventory, INVENTORY_KEY, retireItem, useRefreshResources } from './resources-api.ts';
import { failureMessage } from './resource-rules.ts';
import { useDebounced } from '@/lib/use-debounced.ts';
import { SearchField } from '@/components/form/SearchField.tsx';
import { PHONE_QUERY, useMediaQuery } from '@/lib/use-media-query.ts';

interface ItemActionsProps {
  item: InventoryItem;
  onEdit(item: InventoryItem): void;
  onRetire(item: InventoryItem): void;
}

function ItemActions({ item, onEdit, onRetire }: ItemActionsProps) {
  const { t } = useLingui();
  if (!item.active) return null;
  const itemName = item.name;
  return (
    <div className="flex justify-end gap-1">
      <button type="button" className="icon-btn" aria-label={t`Edit ${itemName}`} onClick={() => onEdit(item)}>
        <Pencil className="h-4 w-4" aria-hidden="true" />
      </button>
      <button type="button" className="btn btn-ghost min-h-9 px-3" onClick={() => onRetire(item)}>
        <Trans>Retire</Trans>
      </button>
    </div>
  );
}

/** Retired, and the damaged and lost returns; a dash when there is nothing to say. */
function ReturnChips({ item }: { item: InventoryItem }) {
  const damaged = item.damagedReturns;
  const lost = item.lostReturns;
  return (
    <div className="flex flex-wrap gap-1">
      {!item.active && (
        <Chip>
          <Trans>Retired</Trans>
        </Chip>
      )}
      {damaged > 0 && (
        <Chip tone="warning">
          <Trans>{damaged} damaged</Trans>
        </Chip>
      )}
      {lost > 0 && (
        <Chip tone="danger">
          <Trans>{lost} lost</Trans>
        </Chip>
      )}
      {item.active && item.damagedReturns === 0 && item.lostReturns === 0 && <span className="text-muted">—</span>}
    </div>
  );
}

function LowStockChip() {
  return (
    <Chip tone="warning">
      <AlertTriangle className="h-3 w-3" aria-hidden="true" /> <Trans>Low stock</Trans>
    </Chip>
  );
}

/** On a phone an item is a card: what it is, what is available, its returns and its actions. */
function InventoryCard({ item, onEdit, onRetire }: ItemActionsProps) {
  const hasReturns = !item.active || item.damagedReturns > 0 || item.lostReturns > 0;
  const { available, onLoan, total } = item;
  return (
    <li data-testid="inventory-row" className={`flex flex-col gap-2 p-4 text-sm ${item.active ? '' : 'opacity-60'}`}>
      <div className="flex items-start gap-3">
        <Thumb image={item.image} category={item.category} />
        <div className="min-w-0 flex-1">
          <p className="break-words font-medium">{item.name}</p>
          <p className="text-xs text-ink-soft">{INVENTORY_CATEGORY_LABELS[item.category]}</p>
          {item.notes && <p className="break-words text-xs text-muted">{item.notes}</p>}
        </div>
      </div>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 tabular-nums">
        <span>
          <Trans>
            <strong>{available}</strong> available · {onLoan} on loan · {total} total
          </Trans>
        </span>
        {item.isLowStock && <LowStockChip />}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-2">
        {hasReturns ? <ReturnChips item={item} /> : <span />}
        <ItemActions item={item} onEdit={onEdit} onRetire={onRetire} />
      </div>
    </li>
  );
}

/** Admin: every item with what is available, on loan and owned; search, category filter, add, edit, retire. */
export function InventoryTab() {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<InventoryCategory | ''>('');
  const [includeRetired, setIncludeRetired] = useState(false);
  const [editing, setEditing] = useState<InventoryItem | 'new' | null>(null);
  const [retiring, setRetiring] = useState<InventoryItem | null>(null);
  const refresh = useRefreshResources();
  const filter = { search: useDebounced(search.trim()) || undefined, category: category || undefined, includeRetired };
  const query = useQuery({
    queryKey: [...INVENTORY_KEY, filter],
    queryFn: () => fetchInventory(filter),
    // The table stays while a new search runs, instead of flashing the spinner per key.
    placeholderData: keepPreviousData,
  });
  const filtered = Boolean(filter.search || filter.category);
  const isPhone = useMediaQuery(PHONE_QUERY);
  const retiringName = retiring?.name ?? '';

  async function retire(item: InventoryItem) {
    setRetiring(null);
    const name = item.name;
    try {
      await retireItem(item._id);
      notify.success(t`${name} retired`);
    } catch (error) {
      notify.error(failureMessage(error, t`Error retiring the item. Please try again.`));
    } finally {
      await refresh();
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <SearchField
          className="min-w-0 flex-1 basis-56"
          label={t`Search items`}
          placeholder={t`Search items...`}
          value={search}
          onChange={setSearch}
        />
        <label className="basis-44">
          <span className="sr-only">
            <Trans>Category</Trans>
          </span>
          <select
            className="input"
            value={category}
            onChange={(event) => setCategory(event.target.value as InventoryCategory | '')}
          >
            <option value="">{t`All categories`}</option>
            {INVENTORY_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {INVENTORY_CATEGORY_LABELS[c]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="h-4 w-4"
            checked={includeRetired}
            onChange={(event) => setIncludeRetired(event.target.checked)}
          />
          <Trans>Show retired</Trans>
        </label>
        <button type="button" className="btn btn-primary ml-auto" onClick={() => setEditing('new')}>
          <Plus className="h-4 w-4" aria-hidden="true" /> <Trans>Add item</Trans>
        </button>
      </div>

      <QueryState
        query={query}
        loadingLabel={t`Loading the inventory…`}
        errorText={t`Error loading the inventory.`}
        isEmpty={(items) => items.length === 0}
        empty={filtered ? t`No items match your search.` : t`No items yet. Add the first one.`}
      >
        {(items) =>
          isPhone ? (
            <ul
              className="flex flex-col divide-y divide-line rounded-xl border border-line bg-surface"
              aria-label={t`Inventory`}
            >
              {items.map((item) => (
                <InventoryCard key={item._id} item={item} onEdit={setEditing} onRetire={setRetiring} />
              ))}
            </ul>
          ) : (
            <div className="relative overflow-x-auto rounded-xl border border-line bg-surface">
              <table className="w-full min-w-[44rem] text-left text-sm" aria-label={t`Inventory`}>
                <thead className="whitespace-nowrap border-b border-line text-xs uppercase tracking-wide text-muted">
                  <tr>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      <Trans>Item</Trans>
                    </th>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      <Trans>Category</Trans>
                    </th>
                    <th scope="col" className="px-4 py-3 text-right font-semibold">
                      <Trans>Available</Trans>
                    </th>
                    <th scope="col" className="px-4 py-3 text-right font-semibold">
                      <Trans>On loan</Trans>
                    </th>
                    <th scope="col" className="px-4 py-3 text-right font-semibold">
                      <Trans>Total</Trans>
                    </th>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      <Trans>Returns</Trans>
                    </th>
                    <th scope="col" className="px-4 py-3">
                      <span className="sr-only">
                        <Trans>Actions</Trans>
                      </span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-line">
                  {items.map((item) => (
                    <tr key={item._id} data-testid="inventory-row" className={item.active ? undefined : 'opacity-60'}>
                      <td className="px-4 py-3">
                        <div className="flex items-center gap-3">
                          <Thumb image={item.image} category={item.category} />
                          <div className="min-w-0">
                            <p className="font-medium">{item.name}</p>
                            {item.notes && <p className="max-w-40 truncate text-xs text-muted">{item.notes}</p>}
                          </div>
                        </div>
                      </td>
                      <td className="px-4 py-3 text-ink-soft">{INVENTORY_CATEGORY_LABELS[item.category]}</td>
                      <td className="px-4 py-3 text-right tabular-nums">
                        {/* The chip goes under the figure, so the table fits beside the side navigation. */}
                        <span className="inline-flex flex-col items-end gap-1">
                          <strong>{item.available}</strong>
                          {item.isLowStock && <LowStockChip />}
                        </span>
                      </td>
                      <td className="px-4 py-3 text-right tabular-nums">{item.onLoan}</td>
                      <td className="px-4 py-3 text-right tabular-nums">{item.total}</td>
                      <td className="px-4 py-3">
                        <ReturnChips item={item} />
                      </td>
                      <td className="px-4 py-3">
                        <ItemActions item={item} onEdit={setEditing} onRetire={setRetiring} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryState>

      {editing && <ItemDialog item={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={retiring !== null}
        message={retiring ? t`Retire ${retiringName}? It stays in the history but can no longer be borrowed.` : ''}
        confirmLabel={t`Retire`}
        onConfirm={() => retiring && void retire(retiring)}
        onCancel={() => setRetiring(null)}
      />
    </div>
  );
}
