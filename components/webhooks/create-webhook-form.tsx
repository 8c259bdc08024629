"use client";

import { useActionState } from "react";
import type { WebhookActionState } from "@/app/(dashboard)/webhooks/actions";
import { SecretBox } from "@/components/dashboard/secret-box";
import type { SecretLabels } from "@/components/dashboard/action-button";
import { SubmitButton } from "@/components/dashboard/submit-button";
import { CodeText, plainText } from "@/components/dashboard/code-text";

type Labels = Record<"url" | "events" | "description" | "create", string>;

export function CreateWebhookForm(props: {
  action: (prev: WebhookActionState, data: FormData) => Promise<WebhookActionState>;
  /** Descriptions come from the dictionary (`webhooks.event.<type>`); `backticks` mark code. */
  events: { type: string; description: string }[];
  labels: Labels;
  secretLabels: SecretLabels;
}) {
  const [state, formAction, pending] = useActionState(props.action, {});
  const { labels } = props;
  return (
    <div className="rounded border border-stone-200 bg-white p-4">
      <form action={formAction} className="grid gap-3 text-sm sm:grid-cols-2">
        <label>
          {labels.url}
          <input
            name="url"
            type="url"
            required
            maxLength={2048}
            placeholder="https://"
            className="mt-1 block w-full rounded border border-stone-300 px-2 py-1"
          />
        </label>
        <label>
          {labels.description}
          <input
            name="description"
            maxLength={500}
            className="mt-1 block w-full rounded border border-stone-300 px-2 py-1"
          />
        </label>
        <fieldset className="sm:col-span-2">
          <legend>{labels.events}</legend>
          <div className="mt-1 grid gap-1 sm:grid-cols-2">
            {props.events.map((event) => (
              <label key={event.type} className="flex items-start gap-2" title={plainText(event.description)}>
                <input type="checkbox" name="events" value={event.type} defaultChecked className="mt-0.5" />
                <span>
                  <span className="font-mono text-xs">{event.type}</span>
                  <span className="block text-xs text-stone-500" data-testid="event-description">
                    <CodeText text={event.description} />
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="sm:col-span-2">
          <SubmitButton pending={pending}>{labels.create}</SubmitButton>
        </div>
      </form>
      {state.error && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {state.error}
        </p>
      )}
      {state.secret && <SecretBox secret={state.secret} {...props.secretLabels} />}
    </div>
  );
}
