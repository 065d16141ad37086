// The part of n8n-workflow's API these nodes use, declared here because the package itself cannot
// be installed beside the CLI: n8n-workflow 2.x needs isolated-vm, a native addon that does not
// build on Node 20, and peers on zod 3 while the CLI uses zod 4. At run time the nodes use the
// n8n-workflow of the n8n that loads them (n8n puts its own modules on NODE_PATH for community
// packages). Signatures copied from n8n-workflow 2.41's interfaces.d.ts; the e2e suite runs the
// built nodes in a real n8n 2.41.1, which is what proves them.
declare module 'n8n-workflow' {
  export type IDataObject = { [key: string]: any };
  export type NodeParameterValueType = any;

  export interface INode {
    id: string;
    name: string;
    type: string;
    typeVersion: number;
    parameters: IDataObject;
    [key: string]: any;
  }

  export interface INodeExecutionData {
    json: IDataObject;
    binary?: IDataObject;
    pairedItem?: { item: number; input?: number } | Array<{ item: number; input?: number }> | number;
    error?: Error;
    [key: string]: any;
  }

  export interface IDeferredPromise<T> {
    promise: Promise<T>;
    resolve: (result: T) => void;
    reject: (error: Error) => void;
  }

  export interface IRun {
    status: string;
    data: { resultData: { error?: { message: string; description?: string | null; node?: { name: string } }; lastNodeExecuted?: string; [key: string]: any }; [key: string]: any };
    [key: string]: any;
  }

  export interface NodeTypeAndVersion {
    name: string;
    type: string;
    typeVersion: number;
    disabled: boolean;
  }

  export interface Logger {
    error(message: string, meta?: object): void;
    warn(message: string, meta?: object): void;
    info(message: string, meta?: object): void;
    debug(message: string, meta?: object): void;
  }

  interface FunctionsBase {
    logger: Logger;
    getCredentials<T extends object = IDataObject>(type: string, itemIndex?: number): Promise<T>;
    getExecutionId(): string;
    getNode(): INode;
    getWorkflow(): { id?: string; name?: string; active: boolean };
    getInstanceId(): string;
    getMode?: () => string;
    getParentNodes(nodeName: string, options?: { includeNodeParameters?: boolean; depth?: number }): NodeTypeAndVersion[];
  }

  export interface ITriggerFunctions extends FunctionsBase {
    getMode: () => string;
    emit(data: INodeExecutionData[][], responsePromise?: IDeferredPromise<any>, donePromise?: IDeferredPromise<IRun>): void;
    emitError(error: Error): void;
    getNodeParameter(parameterName: string, fallbackValue?: any, options?: object): NodeParameterValueType | object;
  }

  export interface ITriggerResponse {
    closeFunction?: () => Promise<void>;
    manualTriggerFunction?: () => Promise<void>;
  }

  export interface IExecuteFunctions extends FunctionsBase {
    getMode: () => string;
    getInputData(inputIndex?: number): INodeExecutionData[];
    getNodeParameter(parameterName: string, itemIndex: number, fallbackValue?: any, options?: object): NodeParameterValueType | object;
    continueOnFail(): boolean;
    getWorkflowDataProxy(itemIndex: number): IDataObject;
    /** Runs when the execution ends (success, failure, cancellation; not when it starts waiting). May be missing. */
    onExecutionFinish?(handler: () => unknown): void;
  }

  export interface INodeProperties {
    displayName: string;
    name: string;
    type: string;
    default: any;
    [key: string]: any;
  }

  export interface INodeCredentialDescription {
    name: string;
    required?: boolean;
    displayOptions?: { show?: Record<string, unknown[]>; hide?: Record<string, unknown[]> };
  }

  export interface ICredentialType {
    name: string;
    displayName: string;
    documentationUrl?: string;
    icon?: string | { light: string; dark: string };
    properties: INodeProperties[];
    [key: string]: any;
  }

  export interface INodeTypeDescription {
    displayName: string;
    name: string;
    icon?: string | { light: string; dark: string };
    group: string[];
    version: number | number[];
    description: string;
    defaults: { name: string; color?: string };
    inputs: string[];
    outputs: string[];
    credentials?: INodeCredentialDescription[];
    properties: INodeProperties[];
    [key: string]: any;
  }

  export interface INodeType {
    description: INodeTypeDescription;
    execute?(this: IExecuteFunctions): Promise<INodeExecutionData[][]>;
    trigger?(this: ITriggerFunctions): Promise<ITriggerResponse | undefined>;
  }

  export const NodeConnectionTypes: { readonly Main: 'main' };

  export class NodeOperationError extends Error {
    constructor(node: INode, error: Error | string, options?: { description?: string; itemIndex?: number; level?: 'warning' | 'error' });
    description: string | null | undefined;
  }
}
