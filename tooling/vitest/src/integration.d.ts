import type { UserConfig } from 'vitest/config';

export declare const integrationConfig: UserConfig;
export default integrationConfig;
