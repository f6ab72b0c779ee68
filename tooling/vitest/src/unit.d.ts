import type { UserConfig } from 'vitest/config';

export declare const unitConfig: UserConfig;
export default unitConfig;
