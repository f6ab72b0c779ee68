/**
 * Runs the insert that a reserved slot was taken for; when it fails the slot is given back, so a
 * failed create never consumes part of a cap.
 */
export async function insertWithSlot<T>(insert: () => Promise<T>, release: () => Promise<void>): Promise<T> {
  try {
    return await insert();
  } catch (error) {
    await release();
    throw error;
  }
}
