// What the built nodes take from n8n-workflow at load time, for tests outside n8n (inside n8n the
// nodes get n8n's own copy).
class NodeOperationError extends Error {
  constructor(node, error, options = {}) {
    super(typeof error === 'string' ? error : error.message);
    this.name = 'NodeOperationError';
    this.node = node;
    this.description = options.description;
    this.itemIndex = options.itemIndex;
  }
}
module.exports = { NodeConnectionTypes: { Main: 'main' }, NodeOperationError };
