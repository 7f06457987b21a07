// Process tests run the compiled server, as production does: build it once, before any test file starts.
import { ensureServerBuilt } from '../../../scripts/lib.mjs';

export default async function setup() {
  await ensureServerBuilt();
}
