/**
 * The MongoDB release the engine presents itself as. 8.0 (the default) answers the cross-collection
 * `bulkWrite` command that release added; 7.0 lets an application test its fallback for servers
 * without it (there, `bulkWrite` is CommandNotFound 59, as on a real 7.0 mongod).
 */
type ServerVersion = '8.0' | '7.0';

export type ServerProfile = {
  version: string;
  versionArray: number[];
  /** Wire versions: 21 = MongoDB 7.0, 25 = MongoDB 8.0 (the drivers' table). */
  maxWireVersion: number;
  featureCompatibilityVersion: string;
  /** Commands this release does not have. */
  missingCommands: ReadonlySet<string>;
};

const PROFILES: Record<ServerVersion, ServerProfile> = {
  '8.0': {
    version: '8.0.0',
    versionArray: [8, 0, 0, 0],
    maxWireVersion: 25,
    featureCompatibilityVersion: '8.0',
    missingCommands: new Set(),
  },
  '7.0': {
    version: '7.0.0',
    versionArray: [7, 0, 0, 0],
    maxWireVersion: 21,
    featureCompatibilityVersion: '7.0',
    missingCommands: new Set(['bulkWrite']),
  },
};

const DEFAULT_SERVER_VERSION: ServerVersion = '8.0';

/** The profile of `version`; any other text than "8.0" or "7.0" is refused with the choices. */
export function serverProfile(version: string = DEFAULT_SERVER_VERSION): ServerProfile {
  if (!Object.hasOwn(PROFILES, version)) {
    throw new Error(
      `unknown server version "${version}": choose ${Object.keys(PROFILES)
        .map((v) => `"${v}"`)
        .join(' or ')}`,
    );
  }
  return PROFILES[version as ServerVersion];
}
