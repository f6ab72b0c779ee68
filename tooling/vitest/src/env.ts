/**
 * Which of the run's parallel vitest workers this process is (1 to maxWorkers; vitest sets it in
 * each worker; 0 outside one).
 */
export function vitestPoolId(): number {
  return Number(process.env.VITEST_POOL_ID ?? 0);
}
