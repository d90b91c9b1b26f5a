import type { Linter } from 'eslint';

export declare const accessBoundary: Linter.Config;
export declare const accessRepositoryBoundary: Linter.Config;
