/** Payments moved together in one database transaction by the engine's sweeps. */
export const PAYMENT_BATCH_SIZE = 200;

/**
 * Runs `batch` (one database transaction) on `ids` in chunks of `size`, then hands each answer to
 * `after` once its batch has committed (the rails calls go there, never inside the transaction). A
 * batch that throws has rolled back as a whole; its payments are then tried one at a time, each
 * followed by its `after`, so one payment that cannot move neither holds back nor undoes the others, and
 * its error is thrown at its turn, as the one-by-one sweep did.
 */
export async function inBatches<T>(
  ids: readonly string[],
  size: number,
  batch: (ids: readonly string[]) => Promise<T[]>,
  after: (answer: T) => Promise<void>,
): Promise<void> {
  for (let start = 0; start < ids.length; start += size) {
    const chunk = ids.slice(start, start + size);
    let answers: T[];
    try {
      answers = await batch(chunk);
    } catch (error) {
      if (chunk.length === 1) throw error;
      for (const id of chunk) for (const answer of await batch([id])) await after(answer);
      continue;
    }
    for (const answer of answers) await after(answer);
  }
}
