import { msg } from '@lingui/core/macro';
import type {
  InventoryItem,
  createInventoryItemRequestSchema,
  inventoryListQuerySchema,
  updateInventoryItemRequestSchema,
} from '@bantay/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { appendAuditEntry } from '../audit/index.ts';
import type { Actor } from '../../http/actor.ts';
import { uniqueViolation } from '../../db/unique-violation.ts';
import {
  findItemWithStock,
  insertItem,
  listItemsWithStock,
  lockItem,
  unitsOnLoan,
  updateItem,
} from './inventory.repository.ts';
import { presentItem } from './inventory.presenter.ts';
import { isUuid } from '../../lib/uuid.ts';
import { canManageInventory } from './inventory.policy.ts';
import { replaceResourcePhoto } from '../files/index.ts';

type ListQuery = z.output<typeof inventoryListQuerySchema>;
type CreateInput = z.output<typeof createInventoryItemRequestSchema>;
type UpdateInput = z.output<typeof updateInventoryItemRequestSchema>;

const ENTITY = 'inventory_item';

function requireManager(actor: Actor): void {
  if (!canManageInventory(actor)) throw forbidden();
}

const duplicateName = (name: string) =>
  new AppError('CONFLICT', msg`An item named "${name}" already exists`, {
    fields: [{ field: 'name', message: msg`This name is already used` }],
  });

async function presentById(deps: AppDeps, id: string): Promise<InventoryItem> {
  const item = await findItemWithStock(deps.db, id);
  if (!item) throw notFound(msg`Item not found`);
  return presentItem(item);
}

/** Staff read the inventory; retired items only for admins who ask for them. */
export async function listInventory(deps: AppDeps, actor: Actor, query: ListQuery): Promise<InventoryItem[]> {
  const includeRetired = query.includeRetired && canManageInventory(actor);
  const items = await listItemsWithStock(deps.db, { search: query.search, category: query.category, includeRetired });
  return items.map(presentItem);
}

export async function createInventoryItem(deps: AppDeps, actor: Actor, input: CreateInput): Promise<InventoryItem> {
  requireManager(actor);
  try {
    const item = await inTransaction(deps.db, async (tx) => {
      const now = deps.clock.now();
      const row = await insertItem(tx, { ...input, createdAt: now, updatedAt: now });
      await appendAuditEntry(tx, {
        actor,
        action: 'create',
        entity: ENTITY,
        entityId: row.id,
        after: { ...input },
        at: now,
      });
      return row;
    });
    return presentById(deps, item.id);
  } catch (error) {
    if (uniqueViolation(error)) throw duplicateName(input.name);
    throw error;
  }
}

/** Lowering the total below what is on loan is refused, under the item's lock so no borrow slips in. */
export async function updateInventoryItem(
  deps: AppDeps,
  actor: Actor,
  id: string,
  input: UpdateInput,
): Promise<InventoryItem> {
  requireManager(actor);
  if (!isUuid(id)) throw notFound(msg`Item not found`);
  try {
    await inTransaction(deps.db, async (tx) => {
      const now = deps.clock.now();
      const before = await lockItem(tx, id);
      if (!before) throw notFound(msg`Item not found`);
      if (input.total !== undefined) {
        const onLoan = await unitsOnLoan(tx, id);
        if (input.total < onLoan) {
          const total = input.total;
          const name = before.name;
          throw new AppError('CONFLICT', msg`The total cannot be ${total}: ${onLoan} ${name} are on loan`, {
            fields: [{ field: 'total', message: msg`At least ${onLoan} (on loan now)` }],
          });
        }
      }
      await updateItem(tx, id, { ...input, updatedAt: now });
      const changed = Object.keys(input) as (keyof UpdateInput)[];
      await appendAuditEntry(tx, {
        actor,
        action: 'update',
        entity: ENTITY,
        entityId: id,
        before: Object.fromEntries(changed.map((key) => [key, before[key]])),
        after: { ...input },
        at: now,
      });
    });
  } catch (error) {
    if (uniqueViolation(error) && input.name) throw duplicateName(input.name);
    throw error;
  }
  return presentById(deps, id);
}

/** A retired item is kept for history and no longer lent; refused while units are out. */
export async function retireInventoryItem(deps: AppDeps, actor: Actor, id: string): Promise<InventoryItem> {
  requireManager(actor);
  if (!isUuid(id)) throw notFound(msg`Item not found`);
  await inTransaction(deps.db, async (tx) => {
    const now = deps.clock.now();
    const item = await lockItem(tx, id);
    if (!item) throw notFound(msg`Item not found`);
    if (!item.active) return;
    const onLoan = await unitsOnLoan(tx, id);
    const name = item.name;
    if (onLoan > 0) throw new AppError('CONFLICT', msg`${name} cannot be retired while ${onLoan} are on loan`);
    await updateItem(tx, id, { active: false, updatedAt: now });
    await appendAuditEntry(tx, {
      actor,
      action: 'retire',
      entity: ENTITY,
      entityId: id,
      before: { active: true },
      after: { active: false },
      at: now,
    });
  });
  return presentById(deps, id);
}

export async function updateInventoryItemPhoto(
  deps: AppDeps,
  actor: Actor,
  id: string,
  bytes: Buffer,
): Promise<InventoryItem> {
  requireManager(actor);
  if (!isUuid(id)) throw notFound(msg`Item not found`);
  if (!(await findItemWithStock(deps.db, id))) throw notFound(msg`Item not found`);
  await replaceResourcePhoto(deps.files, bytes, (url) =>
    inTransaction(deps.db, async (tx) => {
      const now = deps.clock.now();
      const item = await lockItem(tx, id);
      if (!item) throw notFound(msg`Item not found`);
      await updateItem(tx, id, { image: url, updatedAt: now });
      await appendAuditEntry(tx, {
        actor,
        action: 'update_photo',
        entity: ENTITY,
        entityId: id,
        before: { image: item.image },
        after: { image: url },
        at: now,
      });
      return item.image;
    }),
  );
  return presentById(deps, id);
}
