"use client";

import { useState } from "react";
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { tooManyAttemptsMinutes } from "@/lib/auth/sign-in-error";

type Labels = Record<"email" | "password" | "submit" | "failed" | "tooMany" | "tooManyOne", string>;

/** The refusal after too many attempts names its minutes ("{minutes}" in the label); any other error is "wrong e-mail or password". */
function errorText(labels: Labels, error: string | null | undefined): string {
  const minutes = tooManyAttemptsMinutes(error);
  if (minutes === null) return labels.failed;
  return minutes === 1 ? labels.tooManyOne : labels.tooMany.replace("{minutes}", String(minutes));
}

export function LoginForm({ labels }: { labels: Labels }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  return (
    <form
      className="space-y-4"
      onSubmit={async (event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        setPending(true);
        const result = await signIn("credentials", {
          email: data.get("email"),
          password: data.get("password"),
          redirect: false,
        });
        setPending(false);
        if (result?.ok && !result.error) {
          router.push("/files");
          router.refresh();
        } else setError(errorText(labels, result?.error));
      }}
    >
      <label className="block text-sm">
        {labels.email}
        <input
          name="email"
          type="email"
          required
          autoComplete="username"
          className="mt-1 block w-full rounded border border-stone-300 px-2 py-1.5"
        />
      </label>
      <label className="block text-sm">
        {labels.password}
        <input
          name="password"
          type="password"
          required
          autoComplete="current-password"
          className="mt-1 block w-full rounded border border-stone-300 px-2 py-1.5"
        />
      </label>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <button
        disabled={pending}
        className="w-full rounded bg-orange-700 py-2 text-white hover:bg-orange-800 disabled:opacity-50"
      >
        {labels.submit}
      </button>
    </form>
  );
}
