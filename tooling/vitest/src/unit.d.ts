import type { UserConfig } from 'vitest/config';

declare const unitConfig: UserConfig;
export default unitConfig;
