import { describe, expect, it } from 'vitest';
import { outageCause } from './outage.ts';

// Which failures are outages of a dependency (503, named in /readyz) and which are bugs (500).
describe('outageCause', () => {
  const errno = (code: string) => Object.assign(new Error(`connect ${code} 10.0.0.5:5432`), { code });
  const sqlState = (code: string, message: string) => Object.assign(new Error(message), { code });

  it.each([
    [errno('ECONNREFUSED'), 'connection refused'],
    [errno('ETIMEDOUT'), 'timeout'],
    [errno('ECONNRESET'), 'connection lost'],
    [errno('ENOTFOUND'), 'unreachable'],
    [sqlState('57P03', 'the database system is starting up'), 'not accepting connections'],
    [sqlState('55000', 'database "lh" is not currently accepting connections'), 'not accepting connections'],
    [sqlState('57P01', 'terminating connection due to administrator command'), 'connection lost'],
    [sqlState('08006', 'connection failure'), 'connection lost'],
    [sqlState('53300', 'sorry, too many clients already'), 'too many connections'],
    [sqlState('28P01', 'password authentication failed for user "app"'), 'authentication failed'],
    [new Error('Connection terminated unexpectedly'), 'connection lost'],
    [
      new Error('Connection terminated due to connection timeout', {
        cause: new Error('Connection terminated unexpectedly'),
      }),
      'timeout',
    ],
    [new Error('timeout exceeded when trying to connect'), 'timeout'],
    [new Error('PGlite is closed'), 'closed'],
    [new Error('Cannot use a pool after calling end on the pool'), 'closed'],
    // Drizzle wraps the driver's error; a host with two addresses fails with both.
    [new Error('Failed query: select 1', { cause: errno('ECONNREFUSED') }), 'connection refused'],
    [new AggregateError([errno('ECONNREFUSED'), errno('ECONNREFUSED')], ''), 'connection refused'],
  ])('names %s as %s', (error, cause) => {
    expect(outageCause(error)).toBe(cause);
  });

  it.each([
    new Error('Failed query: select nonsense', { cause: sqlState('42601', 'syntax error at or near "nonsense"') }),
    sqlState('23505', 'duplicate key value violates unique constraint "order_pkey"'),
    new TypeError("Cannot read properties of undefined (reading 'id')"),
    undefined,
    'a string',
  ])('leaves %s to be a 500', (error) => {
    expect(outageCause(error)).toBeUndefined();
  });
});
