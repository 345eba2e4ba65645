import { expect, it } from "vitest";
import { listOutbox } from "#server/lib/mail.ts";
import { outboxVerificationLink, signUpAndVerify, uniqueEmail } from "#test/accounts.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { testBaseUrl, useTestApp } from "#test/test-app.ts";
import {
  asText,
  invitationMail,
  mailTexts,
  quoted,
  resetPasswordMail,
  taxDeadlineMail,
  verificationMail,
} from "./mail-templates.ts";

/**
 * What a mail program's link finder would make a link of: a scheme, "www.", an address, or a
 * domain with a common top-level domain, as linkify-it and linkifyjs read them (both find nothing
 * in text passed through `asText`; checked by hand when decision 018 was taken).
 */
function linksFoundIn(text: string): string[] {
  const finder =
    /\b[a-z][a-z0-9+.-]*:\/\/[\w-]+|\bwww\.[\w-]+(?:\.[\w-]+)+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\b[\w-]+(?:\.[\w-]+)*\.(?:com|org|net|nl|be|de|eu|io|info|biz|example)\b/gi;
  return text.match(finder) ?? [];
}

/** A name a stranger could give a household or themselves. */
const bait = "Claim your refund at https://evil.com/refund, www.evil.com or help@evil.com";

it("gives a name's link-like text no link, and leaves what a person reads alone", () => {
  expect(linksFoundIn(bait)).toHaveLength(3);
  expect(linksFoundIn(asText(bait))).toEqual([]);
  expect(asText(bait).replaceAll("\u200C", "")).toBe(bait);
  expect(quoted("Familie Visser")).toBe("“Familie Visser”");
  expect(asText("Noor Visser")).toBe("Noor Visser");
});

it("puts no free text in an invitation's subject, and only Hearth's link in its body", () => {
  const url = `${testBaseUrl}/invitation?token=abc`;
  for (const language of ["en", "nl"] as const) {
    const mail = invitationMail(language, {
      to: "friend@example.org",
      inviterName: bait,
      householdName: bait,
      url,
    });
    expect(mail.subject).toBe(mailTexts[language].invitation.subject);
    expect(mail.subject).not.toContain("evil");
    const withoutOurs = (text: string) =>
      text.replaceAll(url, "").replaceAll("friend@example.org", "");
    expect(linksFoundIn(withoutOurs(mail.text ?? ""))).toEqual([]);
    expect(linksFoundIn(withoutOurs(mail.html ?? ""))).toEqual([]);
    expect([...(mail.html ?? "").matchAll(/href="([^"]*)"/g)].map((m) => m[1])).toEqual([
      url.replaceAll("&", "&amp;"),
    ]);
    expect(mail.text).toContain(`“${asText(bait)}”`);
  }
});

it("writes the name in a greeting as text, never as a link", () => {
  const url = `${testBaseUrl}/api/auth/verify-email?token=abc`;
  for (const mail of [
    verificationMail("en", "someone@example.org", bait, url),
    resetPasswordMail("nl", "someone@example.org", bait, url),
  ]) {
    expect(mail.subject).not.toContain("evil");
    const text = (mail.text ?? "").replaceAll(url, "");
    expect(linksFoundIn(text)).toEqual([]);
    expect(linksFoundIn((mail.html ?? "").replaceAll(url, ""))).toEqual([]);
  }
});

it("reminds of a tax deadline under a fixed subject, in English and Dutch, with the title as text", () => {
  const url = `${testBaseUrl}/dashboard/taxes`;
  const texts = { en: "is due on “1 May 2027”", nl: "is “1 mei 2027”" };
  for (const language of ["en", "nl"] as const) {
    const mail = taxDeadlineMail(language, {
      to: "anna@example.org",
      name: bait,
      kind: "File the tax return",
      dueOn: "2027-05-01",
      title: bait,
      daysLeft: 14,
      url,
    });
    expect(mail.subject).toBe(mailTexts[language].taxDeadline.subject);
    expect(mail.subject).not.toContain("evil");
    expect(mail.text).toContain(texts[language]);
    expect(mail.text).toContain(`“${asText(bait)}”`);
    expect(linksFoundIn((mail.text ?? "").replaceAll(url, ""))).toEqual([]);
    expect(linksFoundIn((mail.html ?? "").replaceAll(url, ""))).toEqual([]);
    expect([...(mail.html ?? "").matchAll(/href="([^"]*)"/g)].map((m) => m[1])).toEqual([url]);
  }
  expect(mailTexts.en.taxDeadline.subject).not.toBe(mailTexts.nl.taxDeadline.subject);
});

describeOnEachDatabase("mails to people without an account", (database) => {
  const testApp = useTestApp(database);

  it("mails an invitation from a household named like an advert without its words in the subject", async () => {
    const owner = await signUpAndVerify(testApp, {
      verificationLink: outboxVerificationLink(testApp),
      name: "Win a prize at evil.com",
    });
    const me = (await (await owner.client.get("/api/me")).json()) as { household: { id: string } };
    const renamed = await owner.client.request("PATCH", `/api/households/${me.household.id}`, {
      name: bait,
    });
    expect(renamed.status).toBe(200);
    const stranger = uniqueEmail("stranger");
    const sent = await owner.client.post("/api/send-invitation", {
      email: stranger,
      householdId: me.household.id,
    });
    expect(sent.status).toBe(200);
    const mail = (await listOutbox(testApp().deps.database.db)).find((m) => m.to === stranger);
    expect(mail?.subject).toBe(mailTexts.en.invitation.subject);
    const text = mail?.text ?? "";
    const link = /http:\/\/localhost:3000\/invitation\?token=\S+/.exec(text)?.[0] ?? "";
    expect(link).not.toBe("");
    expect(linksFoundIn(text.replaceAll(link, "").replaceAll(stranger, ""))).toEqual([]);
    expect(text).toContain(`“${asText(bait)}”`);
  });
});
