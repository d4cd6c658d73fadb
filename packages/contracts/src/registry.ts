/**
 * What the web client loads lazily from the contracts (see apps/web/src/lib/client.ts): the route
 * registry with its schemas, and where unparseable options are reported. Importing the package's
 * index instead would keep every export, the OpenAPI generator included.
 */
export { reportUnparseableOptions } from './questions.ts';
export { apiRoutes } from './routes.ts';
