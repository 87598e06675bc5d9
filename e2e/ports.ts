/**
 * The ports the e2e tests serve the build on. Several checkouts on one machine each run their own
 * preview with E2E_PORT / E2E_SUB_PATH_PORT set: with the defaults, a test run would reuse whatever
 * preview another checkout already serves on 4173 and test that build instead of this one.
 */
export const PREVIEW_PORT = Number(process.env.E2E_PORT ?? 4173);
export const SUB_PATH_PORT = Number(process.env.E2E_SUB_PATH_PORT ?? 4178);
export const PREVIEW_ORIGIN = `http://127.0.0.1:${PREVIEW_PORT}/`;
