import { timestamp } from 'drizzle-orm/pg-core';

/** Every timestamp is stored with its time zone. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });
