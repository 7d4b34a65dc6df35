import { Box, Button, Field, Stack, Text } from "@chakra-ui/react";
import type { FieldError as DomainFieldError } from "domain-identity";
import { useEffect, useEffectEvent, useId, useRef, useState, type JSX } from "react";
import type { ApiRefusal, ApiResult } from "@/lib/api-client";
import { useApiClient } from "@/lib/api-provider";
import { useDomain, type Domain } from "@/lib/domain";
import { useIdentity } from "@/lib/identity-module";
import { useI18n } from "@/lib/i18n";
import type { Translate } from "@/lib/locale";
import { readUploadedFile, uploadFile, type FileReference } from "../api/upload-file";
import { FileRow } from "./upload-file-row";

export interface UploadFieldProps {
  /** The API field (backImg, taxFormFile, …): decides single (1) or multiple (up to 10) by the domain's maxFiles(field). */
  readonly name: string;
  readonly label: string;
  readonly helperText?: string;
  readonly required?: boolean;
  /** The form's value: upload references joined by commas ("" when none). */
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly onBlur?: () => void;
  /** The form's error for this field (react-hook-form FieldError), shown under it. */
  readonly error?: { message?: string };
  /** The names a saved draft's files were uploaded under, by reference (the draft's `files`). */
  readonly names?: Readonly<Record<string, string>>;
}

/**
 * How many leading bytes of a chosen file go to the domain's type check: more than it reads
 * (the longest signature, PNG's, is 8 bytes), so the rule alone decides.
 */
const HEAD_BYTES = 64;

/** A chosen file on its way: waiting its turn (`sent` null), or going out. */
interface Pending {
  readonly key: string;
  readonly file: File;
  readonly preview: string | undefined;
  readonly sent: number | null;
  readonly total: number;
}

/** An uploaded file as this field knows it: its name and, for an image, a preview. */
interface Known {
  readonly name: string;
  readonly pdf: boolean;
  readonly preview: string | undefined;
}

/** A file that was not uploaded: the domain's rule that refused it, or the server's words. */
type Refusal =
  | { readonly key: string; readonly rule: DomainFieldError }
  | { readonly key: string; readonly text: string };

const splitValue = (value: string) => value.split(",").filter((reference) => reference !== "");

const isImage = (file: File) => file.type === "image/jpeg" || file.type === "image/png";

/** References are `<id>.<extension>` (the server names them by the file's kind). */
const isPdfReference = (reference: string) => reference.toLowerCase().endsWith(".pdf");

/** Lets go of the preview of `key` (a chosen file's key or a reference), if it has one. */
function revokePreview(previews: Map<string, string>, key: string): void {
  const url = previews.get(key);
  if (url !== undefined) URL.revokeObjectURL(url);
  previews.delete(key);
}

/** What the field says of a failed upload: the server's field error names the file itself. */
function refusalText(t: Translate, file: File, refusal: ApiRefusal): string {
  const named = refusal.fieldErrors.map((error) => error.message).join(" ");
  return named !== "" ? named : t("upload.failed", { name: file.name, message: refusal.message });
}

/** "JPG, JPEG, PNG, PDF; at most 10 MB…" from the domain's constants. */
function hint(t: Translate, domain: Domain, max: number): string {
  const { uploadExtensions, uploadMaxBytes } = domain.constants();
  const types = uploadExtensions.map((extension) => extension.toUpperCase()).join(", ");
  const size = Math.floor(uploadMaxBytes / (1024 * 1024));
  return max === 1 ? t("upload.hint_single", { types, size }) : t("upload.hint_many", { types, size, count: max });
}

/**
 * A document field of the identity forms: the domain checks each chosen file (type by name and
 * first bytes, name length, size; how many the field keeps) before anything is sent, names each
 * refused file with its reason, uploads the rest one after another with their progress, and
 * gives the form the references joined by commas. Images show a preview, PDFs an icon.
 */
export function UploadField(props: UploadFieldProps): JSX.Element {
  const { name, label, helperText, required, value, onChange, onBlur, error, names } = props;
  const { t } = useI18n();
  const api = useApiClient();
  const domain = useDomain();
  const identity = useIdentity();
  const max = identity.maxFiles(name);
  const id = useId();
  const ids = { input: `${id}-input`, label: `${id}-label`, button: `${id}-button`, hint: `${id}-hint` };
  const inputRef = useRef<HTMLInputElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const references = splitValue(value);
  const [pending, setPending] = useState<readonly Pending[]>([]);
  const [known, setKnown] = useState<ReadonlyMap<string, Known>>(new Map());
  const [refusals, setRefusals] = useState<readonly Refusal[]>([]);

  // What the callbacks of uploads and reads see: the latest, not the render's.
  const latest = useRef({ references, pending, onChange });
  latest.current = { references, pending, onChange };
  /** The upload going out, and its stop. */
  const active = useRef<{ readonly key: string; readonly controller: AbortController } | null>(null);
  /**
   * Every file whose upload has started. An upload that ends before the effect of the render
   * that last showed it in progress has run would otherwise be sent again by that effect (the
   * file is still first in its `pending`, and nothing is active any more).
   */
  const started = useRef(new Set<string>());
  /** Every preview's object URL by the file it shows, to revoke when the file goes. */
  const previews = useRef(new Map<string, string>());
  const nextKey = useRef(0);
  /** The reads of a saved draft's images under way, by reference. */
  const reads = useRef(new Map<string, AbortController>());

  const emit = (next: readonly string[]) => {
    latest.current.references = [...next];
    latest.current.onChange(next.join(","));
  };

  const dropPreview = (key: string) => revokePreview(previews.current, key);

  // Unmounted: the upload and the reads stop, every preview is let go.
  useEffect(() => {
    const urls = previews.current;
    const pendingReads = reads.current;
    return () => {
      active.current?.controller.abort();
      active.current = null;
      for (const controller of pendingReads.values()) controller.abort();
      pendingReads.clear();
      for (const url of urls.values()) URL.revokeObjectURL(url);
      urls.clear();
    };
  }, []);

  // One upload at a time, in the order the files were chosen.
  useEffect(() => {
    const next = pending[0];
    if (active.current !== null || next === undefined || started.current.has(next.key)) return;
    started.current.add(next.key);
    const controller = new AbortController();
    active.current = { key: next.key, controller };
    const update = (change: Partial<Pending>) =>
      setPending((list) => list.map((item) => (item.key === next.key ? { ...item, ...change } : item)));
    update({ sent: 0 });
    void uploadFile(api, next.file, {
      signal: controller.signal,
      onProgress: (sent, total) => update({ sent, total }),
    }).then((result) => {
      if (controller.signal.aborted) return;
      active.current = null;
      setPending((list) => list.filter((item) => item.key !== next.key));
      settleUpload(next, result);
    });
  }, [pending, api]);

  const settleUpload = useEffectEvent((item: Pending, result: ApiResult<FileReference>) => {
    if (result.ok) {
      uploaded(item, result.content);
    } else {
      dropPreview(item.key);
      setRefusals((list) => [...list, { key: item.key, text: refusalText(t, item.file, result) }]);
    }
  });

  function uploaded(item: Pending, file: FileReference) {
    const pdf = file.kind === "pdf";
    if (item.preview !== undefined) {
      // The preview now belongs to the reference.
      previews.current.delete(item.key);
      if (pdf) URL.revokeObjectURL(item.preview);
      else previews.current.set(file.reference, item.preview);
    }
    setKnown((map) => new Map(map).set(file.reference, { name: file.name, pdf, preview: pdf ? undefined : item.preview }));
    emit([...latest.current.references, file.reference]);
  }

  // A saved draft's references: shown as uploaded, their name unknown; images read back for a preview.
  const unknownImages = references.filter((reference) => !known.has(reference) && !isPdfReference(reference));
  const toRead = unknownImages.join(",");
  useEffect(() => {
    for (const reference of splitValue(toRead)) {
      if (reads.current.has(reference)) continue;
      const controller = new AbortController();
      reads.current.set(reference, controller);
      void readUploadedFile(api, reference, controller.signal).then((result) => {
        if (controller.signal.aborted) return;
        reads.current.delete(reference);
        const image = result.ok && result.content.type.startsWith("image/");
        const preview = image ? URL.createObjectURL(result.content) : undefined;
        if (preview !== undefined) previews.current.set(reference, preview);
        // Known even when the read failed: the row shows an icon instead, and no read loops.
        setKnown((map) => new Map(map).set(reference, { name: reference, pdf: false, preview }));
      });
    }
  }, [toRead, api]);

  // References the form dropped (a reset, a removal) take their reads and previews along.
  useEffect(() => {
    const kept = new Set(splitValue(value));
    for (const [reference, controller] of reads.current) {
      if (kept.has(reference)) continue;
      controller.abort();
      reads.current.delete(reference);
    }
    const gone = [...known.keys()].filter((reference) => !kept.has(reference));
    if (gone.length === 0) return;
    for (const reference of gone) revokePreview(previews.current, reference);
    setKnown((map) => new Map([...map].filter(([reference]) => kept.has(reference))));
  }, [value, known]);

  async function choose(files: readonly File[]) {
    const checked = await Promise.all(
      files.map(async (file) => {
        const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
        nextKey.current += 1;
        return { key: `upload#${nextKey.current}`, file, rule: identity.checkFile(file.name, file.size, head) };
      }),
    );
    const accepted = checked.filter((entry) => entry.rule === undefined);
    const current = [...latest.current.references, ...latest.current.pending.map((item) => item.key)];
    const selection = identity.selectFiles(name, current, accepted.map((entry) => entry.key));
    const kept = new Set(selection.kept);

    // Over the field's limit: the domain names the file by its key here; the person knows its name.
    const byKey = new Map(checked.map((entry) => [entry.key, entry.file.name]));
    const overLimit = selection.rejected.map((rule) => {
      const key = rule.params["name"] ?? "";
      return { key, rule: { ...rule, params: { ...rule.params, name: byKey.get(key) ?? key } } };
    });
    const refused = checked.flatMap(({ key, rule }) => (rule === undefined ? [] : [{ key, rule }]));
    setRefusals([...refused, ...overLimit]);

    // A single-file field keeps the newest: what it held goes.
    const stillKept = latest.current.references.filter((reference) => kept.has(reference));
    if (stillKept.length !== latest.current.references.length) emit(stillKept);
    for (const item of latest.current.pending) if (!kept.has(item.key)) stopPending(item.key);
    const added = accepted
      .filter((entry) => kept.has(entry.key))
      .map(({ key, file }): Pending => {
        const preview = isImage(file) ? URL.createObjectURL(file) : undefined;
        if (preview !== undefined) previews.current.set(key, preview);
        return { key, file, preview, sent: null, total: file.size };
      });
    setPending((list) => [...list.filter((item) => kept.has(item.key)), ...added]);
  }

  function stopPending(key: string) {
    if (active.current?.key === key) {
      active.current.controller.abort();
      active.current = null;
    }
    dropPreview(key);
    setPending((list) => list.filter((item) => item.key !== key));
  }

  function remove(key: string) {
    if (latest.current.references.includes(key)) {
      emit(latest.current.references.filter((reference) => reference !== key));
    } else {
      stopPending(key);
    }
    // The row and its button are gone: the person goes on from the picker.
    buttonRef.current?.focus();
  }

  const rows = [
    ...references.map((reference) => {
      const file = known.get(reference);
      return {
        key: reference,
        // A file read back knows no name (it is its reference): the draft's names tell it.
        name: (file?.name === reference ? undefined : file?.name) ?? names?.[reference] ?? reference,
        pdf: file?.pdf ?? isPdfReference(reference),
        preview: file?.preview,
        progress: null,
      };
    }),
    ...pending.map((item) => ({
      key: item.key,
      name: item.file.name,
      pdf: !isImage(item.file),
      preview: item.preview,
      progress: item,
    })),
  ];
  const invalid = error !== undefined;
  const described = [ids.hint, helperText !== undefined && `${id}-helper`, invalid && `${id}-error`]
    .filter(Boolean)
    .join(" ");

  return (
    <Field.Root
      id={ids.input}
      ids={{ label: ids.label, helperText: `${id}-helper`, errorText: `${id}-error` }}
      invalid={invalid}
      required={required}
    >
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <input
        ref={inputRef}
        id={ids.input}
        type="file"
        hidden
        multiple={max > 1}
        accept={domain.constants().uploadExtensions.map((extension) => `.${extension}`).join(",")}
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])];
          // Emptied so that choosing the same file again is a change too.
          event.currentTarget.value = "";
          if (files.length > 0) void choose(files);
        }}
      />
      <Button
        ref={buttonRef}
        id={ids.button}
        variant="outline"
        size="sm"
        aria-labelledby={`${ids.label} ${ids.button}`}
        aria-describedby={described}
        aria-invalid={invalid || undefined}
        onClick={() => inputRef.current?.click()}
        onBlur={onBlur}
      >
        {t(max === 1 ? "upload.choose" : "upload.choose_many")}
      </Button>
      <Text id={ids.hint} textStyle="xs" color="fg.muted">
        {hint(t, domain, max)}
      </Text>
      {helperText !== undefined && <Field.HelperText>{helperText}</Field.HelperText>}
      {rows.length > 0 && (
        <Stack as="ul" listStyleType="none" gap="2" width="full" aria-label={label}>
          {rows.map(({ key, ...row }) => (
            <FileRow key={key} {...row} onRemove={() => remove(key)} />
          ))}
        </Stack>
      )}
      <Box aria-live="polite" width="full">
        {refusals.length > 0 && (
          <Box>
            <Text textStyle="sm" fontWeight="medium" color="fg.error">
              {t("upload.refused")}
            </Text>
            <Stack as="ul" listStyleType="none" gap="1">
              {refusals.map((refusal) => (
                <Text as="li" key={refusal.key} textStyle="sm" color="fg.error">
                  {"rule" in refusal ? t(`error.${refusal.rule.code}`, refusal.rule.params) : refusal.text}
                </Text>
              ))}
            </Stack>
          </Box>
        )}
      </Box>
      <Field.ErrorText>{error?.message}</Field.ErrorText>
    </Field.Root>
  );
}
