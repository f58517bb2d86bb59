/**
 * `@insightra/contract/public`: the zod-free part of the contract (constants, messages, the web's route
 * table, route definitions without schemas). Code on the web's first load imports from here so the
 * landing page's bundle holds no validation library; everything is also exported by the package index.
 */
export * from './constants';
export * from './issue-rules';
export * from './messages';
export * from './route-def';
export * from './route-refs';
export * from './routes';
