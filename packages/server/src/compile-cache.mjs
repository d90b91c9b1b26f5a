// Preloaded by every command that runs the server (`--import=@talkbase/server/compile-cache`, see
// docs/decisions.md "Records engine performance", third pass). Node's on-disk compile cache keeps
// the code of every module and the type-stripped form of our `.ts` files, so a start after the
// first neither strips types again nor loads the type stripper (a WebAssembly module that stays in
// memory: about 20 MiB of the idle server's resident memory). Plain JavaScript, because it must run
// before the first `.ts` file is read. Node checks each cached entry against the file's contents.
import module from 'node:module';
import path from 'node:path';

const { FAILED } = module.constants.compileCacheStatus;
const projectCache = path.resolve(import.meta.dirname, '../../../node_modules/.cache/talkbase-compile');
// A read-only install (the service's user owns no node_modules) falls back to the temporary folder.
if (module.enableCompileCache(projectCache).status === FAILED) module.enableCompileCache();
