import type { Linter } from 'eslint';

export declare const accessBoundary: Linter.Config;
export declare const accessRepositoryBoundary: Linter.Config;
export declare const routeListBoundary: Linter.Config;
export declare const serverLayerBoundaries: Linter.Config[];
export declare const webLayerBoundaries: Linter.Config[];
export declare const domainBoundaries: Linter.Config[];
