import { useState } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { ArrowDownWideNarrow, ArrowUpNarrowWide, Filter } from 'lucide-react';
import { SearchField } from '@/components/form/SearchField.tsx';
import { CATEGORY_CHIPS, type CategoryFilter, type SortOrder } from './notification-logic.ts';

const SEARCH_INPUT_CLASSES = 'min-h-10 text-sm' as const;

const CHIP_LABELS: Record<CategoryFilter, MessageDescriptor> = {
  all: msg`All`,
  incidents: msg`Incidents`,
  schedules: msg`Schedules`,
  equipment: msg`Equipment`,
  assistance: msg`Assistance`,
};

interface NotificationFiltersProps {
  search: string;
  onSearch(value: string): void;
  sort: SortOrder;
  onSort(value: SortOrder): void;
  category: CategoryFilter;
  onCategory(value: CategoryFilter): void;
}

/** The panel's search box, sort order and category chips (docs/product.md §A5); the chips show until hidden. */
export function NotificationFilters({ search, onSearch, sort, onSort, category, onCategory }: NotificationFiltersProps) {
  const { t } = useLingui();
  const [showFilters, setShowFilters] = useState(true);
  return (
    <>
      <div className="flex shrink-0 items-center gap-1 border-b border-line px-3 py-2">
        <SearchField className="flex-1" inputClassName={SEARCH_INPUT_CLASSES} label={t`Search notifications`} placeholder={t`Search notifications...`} value={search} onChange={onSearch} />
        <button
          type="button"
          className="icon-btn"
          title={sort === 'newest' ? t`Newest first` : t`Oldest first`}
          aria-label={sort === 'newest' ? t`Sorted newest first` : t`Sorted oldest first`}
          onClick={() => onSort(sort === 'newest' ? 'oldest' : 'newest')}
        >
          {sort === 'newest' ? <ArrowDownWideNarrow className="h-5 w-5" aria-hidden="true" /> : <ArrowUpNarrowWide className="h-5 w-5" aria-hidden="true" />}
        </button>
        <button
          type="button"
          className={`icon-btn ${showFilters ? 'text-brand-600' : ''}`}
          title={t`Filter`}
          aria-label={t`Filter by category`}
          aria-pressed={showFilters}
          onClick={() => setShowFilters((value) => !value)}
        >
          <Filter className="h-5 w-5" aria-hidden="true" />
        </button>
      </div>
      {showFilters && (
        <div className="flex shrink-0 gap-2 overflow-x-auto border-b border-line px-3 py-2" role="group" aria-label={t`Categories`}>
          {CATEGORY_CHIPS.map((chip) => (
            <button
              key={chip}
              type="button"
              aria-pressed={category === chip}
              className={`shrink-0 rounded-full border px-3 py-1 text-xs font-semibold transition-colors ${
                category === chip ? 'border-brand-fill bg-brand-fill text-white' : 'border-line text-ink-soft hover:bg-surface-2'
              }`}
              onClick={() => onCategory(chip)}
            >
              {t(CHIP_LABELS[chip])}
            </button>
          ))}
        </div>
      )}
    </>
  );
}
