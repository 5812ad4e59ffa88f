// web-push-testing ships no types: the parts of it the tests use (test/push-service.ts).
declare module 'web-push-testing/src/PushApiModel.js' {
  export class PushApiModel {}
}
declare module 'web-push-testing/src/server.js' {
  import type { PushApiModel } from 'web-push-testing/src/PushApiModel.js';
  export default class WebPushTestingServer {
    constructor(model: PushApiModel, port: number);
    startServer(): void;
  }
}
