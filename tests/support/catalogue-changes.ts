import type { CatalogueChanges } from '../../server/events/catalogue-changes';

/**
 * Runs a write and resolves once `changes` has heard the database announce a change to `table`
 * (decision 051); fails after 5 s without it.
 */
export async function announced(changes: CatalogueChanges, table: string, write: () => Promise<unknown>) {
  let heard!: () => void;
  const heardIt = new Promise<void>((resolve) => (heard = resolve));
  const stop = changes.onChange((changed) => {
    if (changed === table) heard();
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    await write();
    await Promise.race([
      heardIt,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no change to ${table} was announced within 5 s`)), 5000);
      }),
    ]);
  } finally {
    clearTimeout(timer);
    stop();
  }
}
