// eslint-scope ships no types; n8n-lock uses only analyze() and walks its scopes untyped.
declare module 'eslint-scope' {
  export function analyze(ast: unknown, options?: Record<string, unknown>): unknown;
}
