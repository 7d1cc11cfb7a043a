import type { TestSites } from "./test-sites.js";

/**
 * The pages a procedure recording drives (the cloud-browser capture test, the e2e journey, the
 * benchmark): a start page with one link, a form with a text field, a password field and a submit
 * button, and the page the form posts to. Everything sits at fixed places, so input in frame
 * coordinates (a 1280x800 desktop viewport) lands where a test means it.
 */
export interface ProcedureSite {
  startUrl: string;
  formUrl: string;
  submitUrl: string;
  /** Centres of the targets, in page (frame) coordinates. */
  at: { link: Point; text: Point; password: Point; submit: Point };
  /** The bodies the form was posted with, in order. */
  posts(): string[];
}
type Point = { x: number; y: number };

const block = (top: number) => `position:absolute;left:0;top:${top}px;width:400px;height:60px;margin:0;font-size:24px`;

export function serveProcedureSite(sites: TestSites): ProcedureSite {
  const posts: string[] = [];
  sites.route("/procedure/start", (_request, response) => {
    response
      .writeHead(200, { "content-type": "text/html; charset=utf-8" })
      .end(`<!doctype html><title>起始页</title><body style="margin:0"><a href="/procedure/form" style="${block(0)};display:block;background:#def">打开表单</a></body>`);
  });
  sites.route("/procedure/form", (_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(`<!doctype html><title>表单页</title><body style="margin:0"><form method="post" action="/procedure/submit">
<input name="q" style="${block(0)}"><input name="pw" type="password" style="${block(100)}"><button style="${block(200)}">提交</button></form></body>`);
  });
  sites.route("/procedure/submit", (request, response) => {
    const body: Buffer[] = [];
    request.on("data", (piece: Buffer) => body.push(piece));
    request.on("end", () => {
      posts.push(Buffer.concat(body).toString("utf8"));
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end("<!doctype html><title>已提交</title><p>已提交</p>");
    });
  });
  return {
    startUrl: `${sites.httpOrigin}/procedure/start`,
    formUrl: `${sites.httpOrigin}/procedure/form`,
    submitUrl: `${sites.httpOrigin}/procedure/submit`,
    at: { link: { x: 200, y: 30 }, text: { x: 200, y: 30 }, password: { x: 200, y: 130 }, submit: { x: 200, y: 230 } },
    posts: () => [...posts],
  };
}
