import { describe, expect, test } from 'vitest';

import { InvalidEnvError, parseServerEnv } from './env.js';

const valid = { MONGODB_URI: 'mongodb://127.0.0.1:27017/formwell', REDIS_URL: 'redis://127.0.0.1:6379' };

describe('parseServerEnv', () => {
  test('applies the documented defaults', () => {
    const env = parseServerEnv(valid);

    expect(env).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      CORS_ORIGINS: '*',
      REDIS_CLUSTER: false,
    });
    expect(env.PUBLIC_URL).toBe('http://localhost:3000');
  });

  test('names every bad variable, one line each', () => {
    let caught: unknown;
    try {
      parseServerEnv({ REDIS_URL: 'http://nope', PORT: 'eighty', LOG_LEVEL: 'loud' });
    } catch (error) {
      caught = error;
    }

    expect(caught).toBeInstanceOf(InvalidEnvError);
    const { problems, message } = caught as InvalidEnvError;
    expect(problems).toHaveLength(4);
    expect(problems).toContain('MONGODB_URI: is required');
    expect(problems).toContain('REDIS_URL: must be a redis:// or rediss:// URL');
    expect(problems.find((line) => line.startsWith('PORT: '))).toBeDefined();
    expect(problems.find((line) => line.startsWith('LOG_LEVEL: '))).toBeDefined();
    expect(message).toMatch(/^Invalid environment:\n {2}- /);
  });

  test('reads a Redis Cluster as a node list or as REDIS_CLUSTER=true', () => {
    const nodes = 'redis://r1:6379,redis://r2:6379';
    expect(parseServerEnv({ ...valid, REDIS_URL: nodes })).toMatchObject({ REDIS_URL: nodes });
    expect(parseServerEnv({ ...valid, REDIS_CLUSTER: 'true' }).REDIS_CLUSTER).toBe(true);
    expect(() => parseServerEnv({ ...valid, REDIS_CLUSTER: 'maybe' })).toThrow('REDIS_CLUSTER: ');
  });

  test('treats empty strings as unset', () => {
    expect(() => parseServerEnv({ ...valid, MONGODB_URI: '' })).toThrow('MONGODB_URI: is required');
  });

  test('keeps an explicit PUBLIC_URL', () => {
    expect(parseServerEnv({ ...valid, PUBLIC_URL: 'https://forms.example.com' }).PUBLIC_URL).toBe(
      'https://forms.example.com',
    );
  });
});
