// The FAQ page's questions (spec §2 Static pages): three groups, plain text answers.
import { FAIR_ORDER_TEXT } from "~/features/insights/rotation";
import { EDITOR_PAGE_TITLES } from "~/features/listings/editor-pages";
import { formatDollarsAndCents } from "~/platform/money";
import { PLANS } from "~/core/plans";
import { INACTIVE_LISTING_MONTHS, SUPPORT_EMAIL } from "~/features/site/site";

/** `link`: a page the answer points to, shown under its paragraphs. */
export type FaqItem = { id: string; question: string; answer: readonly string[]; link?: { to: string; label: string } };
export type FaqGroup = { id: "general" | "verification" | "subscriptions"; title: string; items: readonly FaqItem[] };

const standard = `${PLANS.standard.name} (${formatDollarsAndCents(PLANS.standard.priceCents)} per week)`;
const featured = `${PLANS.featured.name} (${formatDollarsAndCents(PLANS.featured.priceCents)} per week)`;

export const FAQ_GROUPS: readonly FaqGroup[] = [
  {
    id: "general",
    title: "General",
    items: [
      {
        id: "what-is-this",
        question: "What is Kiwi Companions?",
        answer: [
          "Kiwi Companions is a New Zealand directory where independent escorts, agencies and massage providers advertise their services. Sex work is legal in New Zealand under the Prostitution Reform Act 2003.",
          "We host the advertisements only. Bookings, prices and arrangements are made directly between clients and advertisers, and the site is for adults aged 18 and over.",
        ],
      },
      {
        id: "create-account",
        question: "How do I create an account?",
        answer: [
          "Choose 'Add Your Listing' at the top of any page and sign up as an Independent (one listing) or an Agency (several listings). You need an e-mail address and a password of at least 8 characters. The phone number clients text you on is asked for on your listing, where it must be a valid number (7 to 13 digits).",
          "You must be 18 or older. Before a listing goes live we ask for photo ID to confirm your age.",
        ],
      },
      {
        id: "post-listing",
        question: "How do I post a listing?",
        answer: [
          `Sign in, open your Dashboard and create a listing. The editor walks you through three pages: 1. ${EDITOR_PAGE_TITLES[1]} (at least 3 photos, your display name, region, suburb, phone, tagline and bio), 2. ${EDITOR_PAGE_TITLES[2]} (age, appearance, services and interests), 3. ${EDITOR_PAGE_TITLES[3]}.`,
          "Every new listing is reviewed by our team, usually within 48 hours, before it appears on the site. Listings can only be posted from within New Zealand, and not through a VPN or proxy.",
        ],
      },
      {
        id: "edit-listing",
        question: "How do I edit my listing?",
        answer: [
          "Sign in, open your Dashboard and choose Edit on the listing. You can change your text, rates, availability and photos at any time. We may review substantial changes, such as new photos, before they are shown.",
        ],
      },
      {
        id: "contact-advertiser",
        question: "How do clients contact an advertiser?",
        answer: [
          "Each profile has a contact button that opens a text message to the advertiser's phone. We do not pass on messages or take bookings.",
        ],
      },
    ],
  },
  {
    id: "verification",
    title: "Verification",
    items: [
      {
        id: "why-verify",
        question: "Why do I need to verify my identity?",
        answer: [
          "Verification confirms that every advertiser is 18 or older and is the person shown in the listing. A listing cannot go live until its advertiser is verified.",
        ],
      },
      {
        id: "what-to-send",
        question: "What do I need to send?",
        answer: [
          "A government-issued photo ID such as a passport, New Zealand driver licence or Kiwi Access card, sent as two image files of up to 5 MB each through the Get Verified page of your Dashboard.",
        ],
      },
      {
        id: "how-long",
        question: "How long does verification take?",
        answer: [
          "Verification typically takes 24-48 hours. We e-mail you when it is done or if we need anything else.",
          "The current waits for ID checks, photo checks and takedown cases, measured from the last 7 days of decisions, are on their own page. A refusal always gives its reason and can be appealed once.",
        ],
        link: { to: "/review-times", label: "Current review times" },
      },
      {
        id: "id-documents",
        question: "What happens to my ID documents?",
        answer: [
          "They are used only to check your age and identity, and are deleted once the review is finished. We keep a record that you were verified and when, not the documents themselves.",
        ],
      },
      {
        id: "photo-verification",
        question: "What is the verified photo tick?",
        answer: [
          "Listings with at least 4 photos can also ask for photo verification: send 3 photos taken for the purpose and we compare them with your listing. Verified listings show a tick beside the name.",
        ],
      },
      {
        id: "safety-net",
        question: "What is the Safety Net?",
        answer: [
          "Once your ID is verified, your dashboard has a Safety Net: report a client who harmed you, read the alerts our administrators publish for your regions, and check a caller's number privately (see our privacy policy).",
        ],
      },
    ],
  },
  {
    id: "subscriptions",
    title: "Subscriptions",
    items: [
      {
        id: "plans",
        question: "What plans are available?",
        answer: [
          `Two weekly plans: ${standard} and ${featured}. Prices are in New Zealand dollars and include GST. Featured listings get priority in search and on the homepage, up to 20 photos and a featured tag.`,
        ],
      },
      {
        id: "order",
        question: "How is the order of listings decided?",
        answer: FAIR_ORDER_TEXT,
      },
      {
        id: "payment",
        question: "How do I pay?",
        answer: [
          "By credit or debit card (Visa, Mastercard or UnionPay) through a third-party payment gateway certified to PCI DSS. Your card details go straight to the gateway; we never see or store your card number.",
          "Choose a plan for your listing on the Subscriptions page and pay on the gateway's secure page. The card is kept by the gateway to renew each week until you cancel; we e-mail a receipt for every payment.",
        ],
      },
      {
        id: "upgrade",
        question: "Can I change or upgrade my plan?",
        answer: [
          "Yes. Upgrading from Standard to Featured takes effect straight away, and you pay only the prorated difference for the rest of the current week.",
        ],
      },
      {
        id: "cancel",
        question: "How do I cancel?",
        answer: [
          "You can cancel at any time. Cancellation takes effect at the end of the billing period you have paid for, and there are no partial refunds for unused days.",
        ],
      },
      {
        id: "expiry",
        question: "What happens when my subscription ends?",
        answer: [
          `Your listing is hidden from the public, but it is kept so you can bring it back by renewing. Listings are removed when you delete them, or after ${INACTIVE_LISTING_MONTHS} months without renewal.`,
        ],
      },
      {
        id: "refunds",
        question: "Can I get a refund?",
        answer: [
          `The posting fee is non-refundable. Other refund requests are considered case by case: write to ${SUPPORT_EMAIL}.`,
        ],
      },
    ],
  },
];
