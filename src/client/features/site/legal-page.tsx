import { ArrowUpIcon } from "lucide-react";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";
import { SiteLayout } from "./site-layout.tsx";

export type LegalDocument = "privacy" | "terms";

/** The sections of each text, in order; their words live in legal.json. */
const sections: Record<LegalDocument, readonly string[]> = {
  privacy: [
    "responsible",
    "stored",
    "notDone",
    "cookies",
    "emails",
    "payments",
    "google",
    "sharing",
    "retention",
    "rights",
    "security",
    "changes",
    "contact",
  ],
  terms: [
    "service",
    "account",
    "plans",
    "guarantee",
    "use",
    "household",
    "ending",
    "liability",
    "law",
    "changes",
    "contact",
  ],
};

/** `/privacy` and `/terms`: a readable text with a table of contents. */
export function LegalPage({ document }: { document: LegalDocument }) {
  const { t } = useTranslation("legal");
  useDocumentTitle(t(`${document}.documentTitle`));
  const ids = sections[document];

  return (
    <SiteLayout>
      <div className="mx-auto max-w-5xl px-4 py-12 sm:py-16">
        <header className="max-w-prose">
          <h1
            id="top"
            className="scroll-mt-20 text-4xl font-semibold tracking-tight text-balance sm:text-5xl"
          >
            {t(`${document}.title`)}
          </h1>
          <p className="mt-4 text-sm text-muted-foreground">{t("updated")}</p>
          <p className="mt-6 text-lg leading-8 text-pretty text-muted-foreground">
            {t(`${document}.intro`)}
          </p>
        </header>

        <div className="mt-12 grid gap-10 lg:grid-cols-[minmax(0,1fr)_16rem] lg:gap-16">
          <nav
            aria-labelledby="toc-title"
            className="h-fit rounded-2xl border bg-card p-5 text-card-foreground lg:sticky lg:top-20 lg:order-last"
          >
            <h2 id="toc-title" className="text-sm font-semibold">
              {t("toc")}
            </h2>
            <ol className="mt-3 space-y-1 text-sm">
              {ids.map((id, index) => (
                <li key={id}>
                  <a
                    href={`#${id}`}
                    className="flex gap-2 rounded-md px-2 py-1 text-muted-foreground outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
                  >
                    <span className="w-5 shrink-0 text-right tabular-nums">{index + 1}.</span>
                    <span>{t(`${document}.sections.${id}.title`)}</span>
                  </a>
                </li>
              ))}
            </ol>
          </nav>

          <article className="max-w-prose">
            {ids.map((id, index) => (
              <section
                key={id}
                aria-labelledby={id}
                className="border-t py-8 first:border-t-0 first:pt-0"
              >
                <h2
                  id={id}
                  className="scroll-mt-20 text-xl font-semibold tracking-tight sm:text-2xl"
                >
                  <span className="mr-2 text-primary tabular-nums">{index + 1}.</span>
                  {t(`${document}.sections.${id}.title`)}
                </h2>
                <LegalText text={t(`${document}.sections.${id}.body`)} />
              </section>
            ))}
            <p className="border-t pt-8">
              <a
                href="#top"
                className="inline-flex items-center gap-2 rounded-md text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                <ArrowUpIcon className="size-4" aria-hidden="true" />
                {t("backToTop")}
              </a>
            </p>
          </article>
        </div>
      </div>
    </SiteLayout>
  );
}

/**
 * Renders a section's text: blocks are separated by an empty line; a block whose lines all
 * start with "- " is a list. A list item that opens with a short label and a colon shows the
 * label in bold.
 */
function LegalText({ text }: { text: string }) {
  const blocks = text.split(/\n{2,}/);
  return (
    <div className="mt-4 space-y-4 leading-7">
      {blocks.map((block, index) => {
        const lines = block.split("\n");
        if (lines.every((line) => line.startsWith("- "))) {
          return (
            <ul key={index} className="list-disc space-y-2 pl-6 marker:text-primary">
              {lines.map((line, item) => (
                <li key={item} className="pl-1">
                  <ListItem text={line.slice(2)} />
                </li>
              ))}
            </ul>
          );
        }
        return (
          <Fragment key={index}>
            {lines.map((line, item) => (
              <p key={item}>{line}</p>
            ))}
          </Fragment>
        );
      })}
    </div>
  );
}

function ListItem({ text }: { text: string }) {
  const label = /^([^:]{2,40}): (.*)$/s.exec(text);
  if (!label) return text;
  return (
    <>
      <strong className="font-semibold">{label[1]}:</strong> {label[2]}
    </>
  );
}
