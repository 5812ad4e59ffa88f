// `node --import tsx --import ./scripts/lingui-register.mjs …`: Lingui's macros for code run from
// source (see lingui-hooks.mjs). Must come after tsx on the command line.
import { register } from 'node:module';

register('./lingui-hooks.mjs', import.meta.url);
