import { ArrowLeftIcon } from "lucide-react";
import { Tabs } from "radix-ui";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { Card } from "#client/components/ui/card.tsx";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";
import { authPath, parseAuthMode, type AuthMode } from "./auth-paths.ts";
import { ForgotPasswordForm } from "./forgot-password-form.tsx";
import { GoogleSignIn } from "./google-sign-in.tsx";
import { safeRedirect } from "./safe-redirect.ts";
import { SignInForm } from "./sign-in-form.tsx";
import { SignUpForm } from "./sign-up-form.tsx";

const titleKey = {
  "sign-in": "titles.signIn",
  "sign-up": "titles.signUp",
  forgot: "titles.forgot",
} as const;

/** What other account pages hand to /auth in the history state. */
function readState(state: unknown): { email?: string; passwordChanged?: boolean } {
  if (typeof state !== "object" || state === null) return {};
  const email = "email" in state && typeof state.email === "string" ? state.email : undefined;
  const passwordChanged = "passwordChanged" in state && state.passwordChanged === true;
  return { ...(email ? { email } : {}), passwordChanged };
}

const tabClass =
  "rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm dark:data-[state=active]:bg-accent";

const panelClass = "grid gap-6 px-6 pt-7 pb-8 outline-none sm:px-8";

const textLink =
  "rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50";

function Heading({ title, description }: { title: string; description: string }) {
  return (
    <div className="grid gap-1.5">
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      <p className="text-sm text-muted-foreground">{description}</p>
    </div>
  );
}

function Switch({ question, to, children }: { question: string; to: string; children: ReactNode }) {
  return (
    <p className="text-center text-sm text-muted-foreground">
      {question}{" "}
      <Link to={to} replace className={textLink}>
        {children}
      </Link>
    </p>
  );
}

/**
 * /auth: sign in and create an account as two tabs (`?mode=sign-up`), and the forgotten
 * password form (`?mode=forgot`). `?redirect=` is kept across the modes; `?email=` fills in the
 * address.
 */
export function AuthPanel() {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const mode = parseAuthMode(params.get("mode"));
  const redirect = params.get("redirect");
  const state = readState(location.state);
  const email = state.email ?? params.get("email") ?? "";
  useDocumentTitle(t(titleKey[mode]));

  const pathFor = (next: AuthMode) => authPath(next, { redirect });

  if (mode === "forgot") {
    return (
      <Card className="gap-0 py-0 shadow-md">
        <div className={panelClass}>
          <Heading title={t("forgot.heading")} description={t("forgot.description")} />
          <ForgotPasswordForm defaultEmail={email} />
          <p className="text-center text-sm">
            <Link
              to={pathFor("sign-in")}
              className={`${textLink} inline-flex items-center gap-1.5`}
            >
              <ArrowLeftIcon className="size-4" aria-hidden="true" />
              {t("forgot.back")}
            </Link>
          </p>
        </div>
      </Card>
    );
  }

  return (
    <Card className="gap-0 py-0 shadow-md">
      <Tabs.Root
        value={mode}
        activationMode="manual"
        onValueChange={(value) => void navigate(pathFor(parseAuthMode(value)), { replace: true })}
      >
        <Tabs.List
          aria-label={t("tabs.label")}
          className="mx-6 mt-6 grid grid-cols-2 gap-1 rounded-lg bg-muted p-1 sm:mx-8"
        >
          <Tabs.Trigger value="sign-in" className={tabClass}>
            {t("tabs.signIn")}
          </Tabs.Trigger>
          <Tabs.Trigger value="sign-up" className={tabClass}>
            {t("tabs.signUp")}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="sign-in" className={panelClass} tabIndex={-1}>
          <Heading
            title={t("signIn.heading")}
            description={redirect ? t("signIn.continueDescription") : t("signIn.description")}
          />
          <SignInForm
            redirectTo={safeRedirect(redirect)}
            defaultEmail={email}
            forgotHref={pathFor("forgot")}
            notice={state.passwordChanged ? t("signIn.passwordChanged") : undefined}
          />
          <GoogleSignIn />
          <Switch question={t("signIn.noAccount")} to={pathFor("sign-up")}>
            {t("signIn.toSignUp")}
          </Switch>
        </Tabs.Content>
        <Tabs.Content value="sign-up" className={panelClass} tabIndex={-1}>
          <Heading title={t("signUp.heading")} description={t("signUp.description")} />
          <SignUpForm defaultEmail={email} redirect={redirect} />
          <GoogleSignIn />
          <Switch question={t("signUp.haveAccount")} to={pathFor("sign-in")}>
            {t("signUp.toSignIn")}
          </Switch>
        </Tabs.Content>
      </Tabs.Root>
    </Card>
  );
}
