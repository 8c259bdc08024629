"use client";

import { useState } from "react";
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";

export function LoginForm({ labels }: { labels: Record<"email" | "password" | "submit" | "failed", string> }) {
  const router = useRouter();
  const [error, setError] = useState(false);
  const [pending, setPending] = useState(false);
  return (
    <form
      className="space-y-4"
      onSubmit={async (event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        setPending(true);
        const result = await signIn("credentials", { email: data.get("email"), password: data.get("password"), redirect: false });
        setPending(false);
        if (result?.ok && !result.error) {
          router.push("/files");
          router.refresh();
        } else setError(true);
      }}
    >
      <label className="block text-sm">
        {labels.email}
        <input name="email" type="email" required autoComplete="username" className="mt-1 block w-full rounded border border-stone-300 px-2 py-1.5" />
      </label>
      <label className="block text-sm">
        {labels.password}
        <input name="password" type="password" required autoComplete="current-password" className="mt-1 block w-full rounded border border-stone-300 px-2 py-1.5" />
      </label>
      {error && <p role="alert" className="text-sm text-red-700">{labels.failed}</p>}
      <button disabled={pending} className="w-full rounded bg-orange-700 py-2 text-white hover:bg-orange-800 disabled:opacity-50">
        {labels.submit}
      </button>
    </form>
  );
}
