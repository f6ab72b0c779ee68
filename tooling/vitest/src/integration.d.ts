import type { UserConfig } from 'vitest/config';

declare const integrationConfig: UserConfig;
export default integrationConfig;
