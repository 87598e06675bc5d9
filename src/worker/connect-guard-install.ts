import { guardConnections } from './connect-guard';

// Imported first by the worker, so that the guard is in place before any other module runs.
guardConnections();
