export declare const CACHE_TAGS: readonly ['tools', 'reviews'];
