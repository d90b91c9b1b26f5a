/** The identity moved to the access module (access/identity.ts); this import path is going away. */
export type { AuthContext } from '../../access/identity.ts';
