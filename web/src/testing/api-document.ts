/**
 * The server's OpenAPI document in the web tests: every answer the fake server gives
 * (`mock-api.ts`) must be one the document allows for that operation, and the operation must
 * exist, so a screen is never tested against a shape the server doesn't send.
 *
 * The document is the one the server derives (`fiscard openapi`); `make test-web` writes it to
 * `openapi.json` in cargo's target directory and passes its path as OPENAPI_DOC.
 */
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import { cargoTargetDir } from "./cargo-target";

/** Where the document is: asked only once a fake server answers. */
const documentPath = () => process.env.OPENAPI_DOC ?? resolve(cargoTargetDir(), "openapi.json");

interface Operation {
  readonly responses: Record<string, unknown>;
}
interface Document {
  readonly paths: Record<string, Record<string, Operation>>;
}

let loaded: { document: Document; ajv: Ajv2020 } | undefined;

function load(): { document: Document; ajv: Ajv2020 } {
  if (loaded) return loaded;
  const path = documentPath();
  if (!existsSync(path)) {
    throw new Error(
      `The fake server checks its answers against the OpenAPI document, not found at ${path}: ` +
        "run `make test-web` first.",
    );
  }
  const document = JSON.parse(readFileSync(path, "utf8")) as Document;
  // The document's schemas are JSON Schema 2020-12 (OpenAPI 3.1). Its own keywords (examples,
  // x-enum-varnames, …) are not validation keywords; integer widths are formats, checked by the
  // schema's type already.
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema(document, "openapi");
  loaded = { document, ajv };
  return loaded;
}

/** The document's path template a request path matches: "user/file/a.png" → "/user/file/{name}". */
function template(document: Document, path: string): string | undefined {
  const wanted = `/${path}`.split("/");
  return Object.keys(document.paths).find((candidate) => {
    const parts = candidate.split("/");
    return parts.length === wanted.length && parts.every((part, i) => part === wanted[i] || /^\{.+\}$/.test(part));
  });
}

const pointer = (...tokens: string[]) => tokens.map((t) => t.replaceAll("~", "~0").replaceAll("/", "~1")).join("/");
const validators = new Map<string, ValidateFunction>();

/**
 * Where the schema of an answer is: an envelope operation's statusCode-200 content is its
 * `Reply_…` schema, `anyOf` the success and the `Refusal`; the branch the answer's statusCode
 * picks is checked alone, so a problem reads as what that branch wants.
 */
function schemaRef(document: Document, found: string, verb: string, statusCode: unknown): string {
  const content = pointer("paths", found, verb, "responses", "200", "content", "application/json", "schema");
  const operation = document.paths[found]?.[verb] as unknown as {
    responses: { 200?: { content?: { "application/json"?: { schema?: { $ref?: string } } } } };
  };
  const reply = operation.responses[200]?.content?.["application/json"]?.schema?.$ref;
  if (reply?.startsWith("#/components/schemas/Reply_")) {
    return statusCode === 200 ? `openapi${reply}/anyOf/0` : "openapi#/components/schemas/Refusal";
  }
  return `openapi#/${content}`;
}

/**
 * Why the document does not allow `answer` (the JSON envelope) from `METHOD path`, or undefined
 * when it does.
 */
export function answerProblem(method: string, path: string, answer: { readonly statusCode: unknown }): string | undefined {
  const { document, ajv } = load();
  const found = template(document, path);
  const verb = method.toLowerCase();
  if (found === undefined || document.paths[found]?.[verb] === undefined) {
    return `${method} ${path} is not an operation of the OpenAPI document`;
  }
  const ref = schemaRef(document, found, verb, answer.statusCode);
  let validate = validators.get(ref);
  if (validate === undefined) {
    validate = ajv.compile({ $ref: ref });
    validators.set(ref, validate);
  }
  if (validate(answer)) return undefined;
  return `${method} ${path} answered a shape its OpenAPI schema does not allow: ${ajv.errorsText(validate.errors, { separator: "; " })}\n${JSON.stringify(answer)}`;
}
