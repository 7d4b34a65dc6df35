import type { DocumentContent } from "./document";

const agreement: DocumentContent = {
  updated: "2026-11-21",
  summary:
    "These terms are the agreement between you and fiscard for using the platform: your account, identity verification, the virtual card and your USD account. Please read them with the privacy policy. By registering you accept them.",
  sections: [
    {
      id: "eligibility",
      heading: "Who can use fiscard",
      blocks: [
        {
          list: [
            "You must be at least 18 years old and able to enter into a binding contract.",
            "You must not live in, or act for anyone in, a country or territory under sanctions that prevent us from serving you.",
            "You keep one account for yourself. A company's account is opened and used only by people it has authorised.",
            "The information you give us must be true and complete, and you must update it when it changes.",
          ],
        },
      ],
    },
    {
      id: "security",
      heading: "Keeping your account safe",
      blocks: [
        {
          list: [
            "Keep your password, security code and authenticator to yourself. We will never ask for them by phone, e-mail or chat.",
            "Turn on the protections in Security that suit you; sensitive actions ask for the ones you turned on.",
            "Tell us at once if you think someone else has used your account or learned your card details. Freeze your cards first: it takes one tap.",
            "Until you tell us, actions taken with your login and codes count as yours, except where the law says otherwise.",
          ],
        },
      ],
    },
    {
      id: "identity",
      heading: "Identity verification",
      blocks: [
        "We must know who our customers are. You can apply for a card once your basic identity is approved and a mobile number is bound. Investor products also need investor certification and the AML and qualified-investor questionnaires.",
        "We may ask for further documents at any time, for example when your activity changes. If we cannot verify you, we may refuse or stop a service.",
      ],
    },
    {
      id: "card",
      heading: "The virtual card",
      blocks: [
        {
          list: [
            "The card is a prepaid card for online payments. There is no physical card, and it cannot be used for cash withdrawals.",
            "The card is issued in USD under the BIN you choose, which sets its card scheme and issuing region.",
            "You can spend only what is on the card. It is not a credit card, and its balance earns no interest.",
            "A card stops working on its expiry date. What is left on it stays yours: cancel the card and the balance returns to your USD account.",
          ],
        },
      ],
    },
    {
      id: "funding",
      heading: "Funding: wires and recharges",
      blocks: [
        "You fund your USD account by bank wire to the account shown in your card account, quoting your user ID as the memo. A domestic wire usually arrives in 30 minutes to 2 hours and an international wire in 1–5 days, depending on the banks involved. A wire without the memo, or with a wrong one, may be returned to the sender, less the charges of the banks involved.",
        "You then recharge a card from your USD balance. The recharge fee of the card is shown before you confirm.",
      ],
    },
    {
      id: "fees",
      heading: "Fees",
      blocks: [
        {
          list: [
            "No card-opening fee, no minimum deposit, and no limit on the number of cards a member may hold.",
            "A 1% transaction fee on each payment.",
            "An extra 0.15% exchange fee on payments in currencies other than USD.",
            "The recharge fee of each card, shown in its details and before each recharge.",
            "Charges of your own bank and any intermediary bank for a wire are set by them, not by us.",
          ],
        },
        "We tell you at least 30 days before a fee rises or a new fee applies.",
      ],
    },
    {
      id: "payments",
      heading: "Limits and declined payments",
      blocks: [
        "Each card has limits per transaction, per day and per month, shown in its details. A payment is declined when it exceeds a limit or the balance, when the card is frozen, expired or cancelled, or when we suspect fraud.",
      ],
    },
    {
      id: "status",
      heading: "Freezing and cancelling a card",
      blocks: [
        "You can freeze a card at any time; unfreezing asks for your security verification. You can cancel a card once no payment on it is pending: it stops for good and its remaining balance returns to your USD account.",
        "We may freeze a card ourselves when we suspect fraud or misuse, or when the law requires it. We tell you why unless the law forbids us to.",
      ],
    },
    {
      id: "disputes",
      heading: "Refunds and disputes",
      blocks: [
        "A merchant's refund returns to the card it was paid with. If something you bought is wrong or missing, ask the merchant first.",
        "If you see a payment you did not make, freeze the card and contact customer support at once. We will look into it and, where the card scheme's rules allow, dispute the payment with the merchant's bank.",
      ],
    },
    {
      id: "prohibited",
      heading: "What the card must not be used for",
      blocks: [
        {
          list: [
            "Anything illegal where you are or where the merchant is, including unlawful gambling.",
            "Money laundering, terrorist financing, fraud, or getting around sanctions.",
            "Letting someone else use your account or cards, or selling them.",
          ],
        },
      ],
    },
    {
      id: "closing",
      heading: "Suspending and closing accounts",
      blocks: [
        "You can close your account at any time once your cards are cancelled and your balance withdrawn. We may suspend or close your account with 30 days' notice, or at once if you break these terms or the law requires it. Money left in a closed account is paid to a bank account in your name once the checks the law requires are done.",
      ],
    },
    {
      id: "liability",
      heading: "Our responsibility",
      blocks: [
        "We are responsible for losses caused by our failure to run the service with reasonable care and skill. We are not responsible for the goods and services merchants sell, for losses we could not reasonably foresee, or for events beyond our reasonable control. Nothing in these terms limits a responsibility that the law does not allow to be limited.",
      ],
    },
    {
      id: "changes",
      heading: "Changes, notices and complaints",
      blocks: [
        "We send notices by e-mail and show them in the app. We tell you at least 30 days before a change to these terms takes effect; if you do not accept it, you can close your account free of charge before then.",
        "If you are unhappy with our service, contact customer support. We confirm that we have your complaint within two business days and answer it in full within 15 business days.",
      ],
    },
  ],
};

export default agreement;
