// Keyset pagination over (created_at desc, id desc): stable while rows are added, and served
// by the (organization_id, created_at) indexes instead of OFFSET scans. One cursor codec for
// every list: a cursor comes back from the client, so it is decoded as strictly as any input.
import { and, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { isStorableText } from '../../../domain/storable-text';
import { badRequest } from '../errors';

/**
 * `time` is the row's created_at as UTC ISO text, to the millisecond or (activity log, whose
 * rows take the database's now()) to the microsecond; `createdAt` is the same instant as a Date.
 */
export type Cursor = { time: string; createdAt: Date; id: string };

/** The years a date input may name (1900-2999); a cursor outside them was not made by us. */
export const CURSOR_YEARS = { min: 1900, max: 2999 } as const;

const CURSOR_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const invalidCursor = () => badRequest('Invalid page cursor', 'invalid_cursor');

/** The cursor after `row`; `createdAt` as a Date, or as ISO text (microseconds kept). */
export function encodeCursor(row: { createdAt: Date | string; id: string }): string {
  const time = typeof row.createdAt === 'string' ? row.createdAt : row.createdAt.toISOString();
  return Buffer.from(`${time}|${row.id}`).toString('base64url');
}

/** The cursor's position, or 400 'Invalid page cursor' for anything we could not have made. */
export function decodeCursor(cursor: string): Cursor {
  const [time, id, extra] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const match = CURSOR_TIME.exec(time ?? '');
  if (!match || !id || extra !== undefined || !UUID.test(id)) throw invalidCursor();
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  if (year < CURSOR_YEARS.min || year > CURSOR_YEARS.max) throw invalidCursor();
  const createdAt = new Date(Date.UTC(year, month - 1, day, hour, minute, second, Number((match[7] ?? '0').padEnd(3, '0').slice(0, 3))));
  // Date.UTC rolls 2024-13-45 over into 2025; a real date reads back the same.
  if (
    createdAt.getUTCFullYear() !== year ||
    createdAt.getUTCMonth() !== month - 1 ||
    createdAt.getUTCDate() !== day ||
    createdAt.getUTCHours() !== hour ||
    createdAt.getUTCMinutes() !== minute ||
    createdAt.getUTCSeconds() !== second
  ) {
    throw invalidCursor();
  }
  return { time: time!, createdAt, id };
}

/** Rows after the cursor in (created_at desc, id desc) order. */
export function afterCursor(createdAt: PgColumn, id: PgColumn, cursor: Cursor): SQL {
  return or(lt(createdAt, cursor.createdAt), and(eq(createdAt, cursor.createdAt), lt(id, cursor.id)))!;
}

/** A LIKE pattern matching the text anywhere, with the user's % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export const countAll = sql<number>`count(*)::int`;

/**
 * A row's created_at as the cursor's text, to the microsecond: rows written with the database's
 * now() (an import, a script, a bulk insert) would otherwise share a millisecond and a page
 * boundary between them would skip or repeat rows.
 */
export function cursorTimeOf(createdAt: PgColumn): SQL<string> {
  return sql<string>`to_char(${createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/**
 * Rows after the cursor in (created_at desc, id desc) order, as a row comparison: the planner
 * turns it into an index condition on (parent, created_at, id), so a deep page starts at the
 * cursor instead of filtering every newer row.
 */
export function afterNewestFirst(createdAt: PgColumn, id: PgColumn, cursor: Cursor): SQL {
  return sql`(${createdAt}, ${id}) < (${cursor.time}::timestamptz, ${cursor.id}::uuid)`;
}

/**
 * Rows after the cursor in (created_at, id) order, oldest first (a project's assigned developers),
 * as a row comparison to the microsecond.
 */
export function afterOldestFirst(createdAt: PgColumn, id: PgColumn, cursor: Cursor): SQL {
  return sql`(${createdAt}, ${id}) > (${cursor.time}::timestamptz, ${cursor.id}::uuid)`;
}

/** A position in an ordered list whose sort key starts with a column rank and a number (the task board). */
export type RankedCursor = Cursor & { rank: number; position: number };

const RANK = /^\d{1,2}$/;
// What String(number) writes for a finite double: digits, an optional fraction and exponent.
const NUMBER = /^-?\d+(?:\.\d+)?(?:e[+-]\d+)?$/;

export function encodeRankedCursor(row: { rank: number; position: number; createdAt: Date | string; id: string }): string {
  const time = typeof row.createdAt === 'string' ? row.createdAt : row.createdAt.toISOString();
  return Buffer.from(`${row.rank}|${row.position}|${time}|${row.id}`).toString('base64url');
}

/** The ranked cursor's position, or 400 'Invalid page cursor' for anything we could not have made. */
export function decodeRankedCursor(cursor: string): RankedCursor {
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (parts.length !== 4) throw invalidCursor();
  const [rank, position, time, id] = parts as [string, string, string, string];
  const number = Number(position);
  // A double reads back as the same text: anything else was not written by encodeRankedCursor.
  if (!RANK.test(rank) || !NUMBER.test(position) || !Number.isFinite(number) || String(number) !== position) throw invalidCursor();
  const rest = decodeCursor(Buffer.from(`${time}|${id}`).toString('base64url'));
  return { ...rest, rank: Number(rank), position: number };
}

/** A position in a list ordered by name, then id (the client picker). */
export type NameCursor = { name: string; id: string };

export function encodeNameCursor(row: NameCursor): string {
  // The id first: it has no '|', so a name holding one still splits at the right place.
  return Buffer.from(`${row.id}|${row.name}`).toString('base64url');
}

/** The name cursor's position, or 400 'Invalid page cursor' for anything we could not have made. */
export function decodeNameCursor(cursor: string): NameCursor {
  const decoded = Buffer.from(cursor, 'base64url').toString('utf8');
  const bar = decoded.indexOf('|');
  const id = decoded.slice(0, bar);
  const name = decoded.slice(bar + 1);
  // Written by encodeNameCursor only if it reads back as the same text (no stray characters, no
  // broken UTF-8), and a name PostgreSQL could have stored (no NUL: that would be a 500).
  if (bar < 0 || !UUID.test(id) || !isStorableText(name) || encodeNameCursor({ name, id }) !== cursor) throw invalidCursor();
  return { name, id };
}

/** Rows after the cursor in (name, id) order, as a row comparison in the column's collation. */
export function afterByName(name: PgColumn, id: PgColumn, cursor: NameCursor): SQL {
  return sql`(${name}, ${id}) > (${cursor.name}, ${cursor.id}::uuid)`;
}

/**
 * A position in a list ordered by a small rank, then name, then id (the task assignee picker:
 * those on the project first).
 */
export type RankedNameCursor = NameCursor & { rank: number };

export function encodeRankedNameCursor(row: RankedNameCursor): string {
  return Buffer.from(`${row.rank}|${row.id}|${row.name}`).toString('base64url');
}

/** The ranked name cursor's position, or 400 'Invalid page cursor' for anything we could not have made. */
export function decodeRankedNameCursor(cursor: string): RankedNameCursor {
  const decoded = Buffer.from(cursor, 'base64url').toString('utf8');
  const bar = decoded.indexOf('|');
  const rank = decoded.slice(0, bar);
  if (bar < 0 || !/^\d$/.test(rank)) throw invalidCursor();
  const { name, id } = decodeNameCursor(Buffer.from(decoded.slice(bar + 1)).toString('base64url'));
  // Read back as the same text, as decodeNameCursor asks of its own.
  if (encodeRankedNameCursor({ rank: Number(rank), name, id }) !== cursor) throw invalidCursor();
  return { rank: Number(rank), name, id };
}

/** A position in a list of distinct texts in their order (the skill tag suggestions). */
export function encodeTextCursor(text: string): string {
  // After a '|': an empty text still makes a cursor that is not empty.
  return Buffer.from(`|${text}`).toString('base64url');
}

/** The text cursor's position, or 400 'Invalid page cursor' for anything we could not have made. */
export function decodeTextCursor(cursor: string): string {
  const decoded = Buffer.from(cursor, 'base64url').toString('utf8');
  const text = decoded.slice(1);
  if (!decoded.startsWith('|') || !isStorableText(text) || encodeTextCursor(text) !== cursor) throw invalidCursor();
  return text;
}
