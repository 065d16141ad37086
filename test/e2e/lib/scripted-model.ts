// A model played by script, behind the OpenAI chat-completions API (what n8n's OpenAI Chat Model
// node calls, with the credential's Base URL pointing here). It stands in for the LLM only:
// everything between it and the function is n8n's (the AI Agent, its tool wrapper, $fromAI) and
// the package's. Turn 1: call the one tool it is offered with `toolArguments`. Turn 2 (the tool's
// answer is in the history): reply with that answer. It records what the agent sent, so a test
// can check the tool as the model sees it (name, description, parameter schema).
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

interface ChatMessage {
  role: string;
  content?: string | Array<{ type: string; text?: string }> | null;
  tool_call_id?: string;
}
export interface OfferedTool {
  type: 'function';
  function: { name: string; description?: string; parameters?: { properties?: Record<string, { type?: string; description?: string }>; required?: string[] } };
}
export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  tools?: OfferedTool[];
  stream?: boolean;
}

const text = (content: ChatMessage['content']) => (typeof content === 'string' ? content : (content ?? []).map((part) => part.text ?? '').join(''));

async function body(request: IncomingMessage): Promise<ChatRequest> {
  let raw = '';
  for await (const chunk of request) raw += chunk;
  return JSON.parse(raw) as ChatRequest;
}

export class ScriptedModel {
  readonly requests: ChatRequest[] = [];
  private server?: Server;

  constructor(private readonly toolArguments: Record<string, unknown>) {}

  async start(): Promise<string> {
    this.server = createServer(async (request, response) => {
      if (request.method !== 'POST' || !request.url?.endsWith('/chat/completions')) {
        response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `scripted model: no ${request.method} ${request.url}` } }));
        return;
      }
      const chat = await body(request);
      this.requests.push(chat);
      const toolAnswer = chat.messages.find((m) => m.role === 'tool');
      const tool = chat.tools?.[0]?.function.name;
      const message = toolAnswer
        ? { role: 'assistant', content: `The function answered: ${text(toolAnswer.content)}` }
        : tool
          ? { role: 'assistant', content: null, tool_calls: [{ id: 'call_scripted_1', type: 'function', function: { name: tool, arguments: JSON.stringify(this.toolArguments) } }] }
          : { role: 'assistant', content: 'scripted model: no tool was offered' };
      const finish = 'tool_calls' in message ? 'tool_calls' : 'stop';
      const base = { id: `chatcmpl-${this.requests.length}`, created: Math.floor(Date.now() / 1000), model: chat.model };
      if (!chat.stream) {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ ...base, object: 'chat.completion', choices: [{ index: 0, message, finish_reason: finish }], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } }));
        return;
      }
      // The same answer as server-sent events, for a client that streams.
      const delta = 'tool_calls' in message ? { role: 'assistant', content: null, tool_calls: message.tool_calls!.map((call, index) => ({ index, ...call })) } : message;
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(`data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: null }] })}\n\n`);
      response.write(`data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: finish }] })}\n\n`);
      response.end('data: [DONE]\n\n');
    });
    await new Promise<void>((listening) => this.server!.listen(0, '127.0.0.1', listening));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  stop(): Promise<void> {
    return new Promise((closed) => (this.server ? this.server.close(() => closed()) : closed()));
  }
}
