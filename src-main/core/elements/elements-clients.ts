import { randomUUID } from 'node:crypto';
import {
  ClientCreateSchema,
  ClientUpdateSchema,
  OriginsBodySchema,
  type Client,
  type ClientPage,
} from '@shared/schemas/elements.schema';
import { appendOrigins } from '@shared/rules/origins';
import { toPage, type PageRequest } from '@shared/rules/page-cursor';
import {
  deleteElementsClient,
  getElementsClient,
  insertElementsClient,
  pageElementsClients,
  updateElementsClient,
  type ElementsClientRow,
} from '../../store/elements-clients.repo';
import type { Db } from '../../store/db';
import { isoAt, type Clock } from '../clock';
import type { EventBus } from '../events';
import {
  clientNotFound,
  nextExpress,
  originsOrRefuse,
  parseOrRefuse,
  placementIndex,
  toClient,
  type ClientDoc,
} from './client-input';

/**
 * The elements API's clients, per merchant (the Basic auth user name). Every operation reads and writes
 * SQLite directly: clients change rarely and the console and the API must see the same state.
 */
export class ElementsClients {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly events: EventBus,
  ) {}

  create(merchantId: string, body: unknown): Client {
    const input = parseOrRefuse(ClientCreateSchema, body);
    const doc: ClientDoc = {
      name: input.name,
      allowed_origins: originsOrRefuse(input.allowed_origins ?? []),
      placements: input.placements ?? [],
    };
    const at = isoAt(this.clock);
    const id = randomUUID();
    insertElementsClient(this.db, {
      id,
      merchant_id: merchantId,
      doc: JSON.stringify(doc),
      created_at: at,
      updated_at: at,
    });
    this.events.emit('elements.client.changed', { client_id: id, change: 'created' });
    return this.get(merchantId, id);
  }

  get(merchantId: string, id: string): Client {
    return toClient(this.row(merchantId, id));
  }

  /** Like get, undefined when the merchant has no such client. */
  find(merchantId: string, id: string): Client | undefined {
    const row = getElementsClient(this.db, id, merchantId);
    return row ? toClient(row) : undefined;
  }

  /** One page of the merchant's clients, oldest first. */
  page(merchantId: string, page: PageRequest): ClientPage {
    const rows = pageElementsClients(this.db, merchantId, page.after, page.pageSize + 1);
    const { items, next_cursor } = toPage(
      rows.map((r) => ({ seq: r.seq, item: toClient(r) })),
      page.pageSize,
    );
    return { clients: items, next_cursor };
  }

  /** Every client of the merchant (the console's list). */
  listAll(merchantId: string): Client[] {
    return pageElementsClients(this.db, merchantId, 0, -1).map(toClient);
  }

  /** Replaces name, origins and placements (PUT). */
  update(merchantId: string, id: string, body: unknown): Client {
    const current = this.row(merchantId, id);
    const input = parseOrRefuse(ClientUpdateSchema, body);
    return this.write(current, {
      name: input.name,
      allowed_origins: originsOrRefuse(input.allowed_origins ?? []),
      placements: input.placements ?? [],
    });
  }

  remove(merchantId: string, id: string): void {
    if (!deleteElementsClient(this.db, id, merchantId)) throw clientNotFound(id);
    this.events.emit('elements.client.changed', { client_id: id, change: 'deleted' });
  }

  /**
   * Sets (`patch` false) or merge-patches (`patch` true) the express configuration of one placement;
   * see `placementIndex` for which one.
   */
  setExpress(
    merchantId: string,
    id: string,
    body: unknown,
    opts: { patch: boolean; placementKey?: string },
  ): Client {
    const row = this.row(merchantId, id);
    const doc = JSON.parse(row.doc) as ClientDoc;
    const i = placementIndex(doc.placements, opts.placementKey);
    const placement = doc.placements[i]!;
    const express = nextExpress(placement.express_config, body, opts.patch);
    if (express === null) delete placement.express_config;
    else placement.express_config = express;
    return this.write(row, doc);
  }

  /** Replaces the allowed origins (PUT …/allowed-origins). */
  setOrigins(merchantId: string, id: string, body: unknown): Client {
    const row = this.row(merchantId, id);
    const input = parseOrRefuse(OriginsBodySchema, body);
    const doc = JSON.parse(row.doc) as ClientDoc;
    return this.write(row, { ...doc, allowed_origins: originsOrRefuse(input.allowed_origins) });
  }

  /** Appends origins, skipping those already allowed (PATCH …/add-allowed-origins). */
  addOrigins(merchantId: string, id: string, body: unknown): Client {
    const row = this.row(merchantId, id);
    const input = parseOrRefuse(OriginsBodySchema, body);
    const doc = JSON.parse(row.doc) as ClientDoc;
    const added = originsOrRefuse(input.allowed_origins);
    return this.write(row, { ...doc, allowed_origins: appendOrigins(doc.allowed_origins, added) });
  }

  private row(merchantId: string, id: string): ElementsClientRow {
    const row = getElementsClient(this.db, id, merchantId);
    if (!row) throw clientNotFound(id);
    return row;
  }

  private write(row: ElementsClientRow, doc: ClientDoc): Client {
    const updated = { ...row, doc: JSON.stringify(doc), updated_at: isoAt(this.clock) };
    // The row was read just before, on the one connection; a miss means a concurrent delete.
    if (!updateElementsClient(this.db, updated)) throw clientNotFound(row.id);
    this.events.emit('elements.client.changed', { client_id: row.id, change: 'updated' });
    return toClient(updated);
  }
}
