"use client";

import { signOut } from "next-auth/react";

export function SignOutButton({ label }: { label: string }) {
  return (
    <button
      onClick={() => signOut({ callbackUrl: "/login" })}
      className="rounded bg-stone-100 px-3 py-1 hover:bg-stone-200"
    >
      {label}
    </button>
  );
}
