/**
 * Phrases typical of form spam, by family, in several languages. A family's first distinct
 * phrase weighs `weight`, each further distinct one (up to MAX_PHRASES_PER_FAMILY) 60 % of it:
 * repeating one word a hundred times weighs as much as writing it once. Every
 * expression is a plain alternation of literals (no nested quantifier), which runs in time linear in
 * the input: no pathological input can make it backtrack.
 */
export const MAX_PHRASES_PER_FAMILY = 3;

export type TSpamPatternFamily = { name: string; weight: number; pattern: RegExp };

export const SPAM_PATTERN_FAMILIES: readonly TSpamPatternFamily[] = [
  {
    name: 'gambling',
    weight: 2.5,
    pattern:
      /\b(?:casino|slots?|jackpot|poker online|betting|sportsbook|free spins|no deposit bonus|first deposit)\b|казино|ставк[иа]|бонус|депозит|赌场|博彩|老虎机|注册即送|カジノ/gi,
  },
  {
    name: 'pharma',
    weight: 2.5,
    pattern:
      /\b(?:viagra|cialis|levitra|tramadol|xanax|oxycodone|weight loss pills|diet pills|no prescription)\b/gi,
  },
  {
    name: 'adult',
    weight: 2.5,
    pattern:
      /\b(?:porn|xxx|nude|naked girls|hot singles|escorts?|sex ?cams?|camgirls?|onlyfans leaks?|adult dating|hookups?|discreet service)\b|порно|секс знакомства|色情|裸聊|アダルト/gi,
  },
  {
    name: 'crypto',
    weight: 2,
    pattern:
      /\b(?:bitcoin|btc|ethereum|usdt|crypto ?currency|crypto|airdrop|seed phrase|forex|binary options|double your (?:money|investment)|passive income|trading bot|signals with \d+% accuracy)\b|криптовалют|биткоин|заработ(?:ок|ать) в интернете|比特币|加密货币|每天收益|稳赚/gi,
  },
  {
    name: 'seo',
    weight: 2,
    pattern:
      /\b(?:seo|backlinks?|guest posts?|domain authority|first page of google|rank(?:ing)? (?:your|on) (?:website|google)|traffic to your (?:site|website)|link building|web traffic|da ?\/ ?pa)\b|продвижение сайт|прогон|外链|seo优化/gi,
  },
  {
    name: 'offers',
    weight: 1.2,
    pattern:
      /\b(?:click here|act now|limited time offer|100% free|risk[- ]free|earn \$?\d+|make money|cheap (?:price|deal)s?|best prices?|discount code|buy now|order now|special promotion|payday loans?|fast loans?|call now|add me on (?:telegram|whatsapp)|whatsapp \+?\d)\b|пишите в телеграм|限时优惠|加微信|点击链接/gi,
  },
  {
    name: 'phishing',
    weight: 2.5,
    pattern:
      /\b(?:verify your (?:account|identity|wallet)|account (?:has been |will be )?(?:suspended|locked|disabled|deactivated)|confirm your (?:password|login|billing)|unusual (?:sign-in|login) activity|update your payment|reset your password here|wallet connect|validate your wallet|final notice|registration expires|renew now|mailbox will be (?:deactivated|closed))\b/gi,
  },
  {
    name: 'fraud',
    weight: 2,
    pattern:
      /\b(?:inheritance|next of kin|beneficiary|wire transfer|western union|million (?:us )?dollars|lottery winner|you have won|congratulations you|claim your (?:prize|reward))\b/gi,
  },
  {
    // The cold pitches that fill contact forms: web design, leads, funding, "reply yes".
    name: 'solicitation',
    weight: 2,
    pattern:
      /\b(?:reply (?:yes|to (?:this|get|see|learn|schedule)|for (?:a free|details|more)|with your)|free (?:quote|audit|estimate|consultation|sample|demo)|dear (?:business|website) owner|businesses like yours|more (?:customers|leads|followers|reviews|traffic)|affordable (?:prices|rates)|low price|guaranteed|merchant cash advance|business funding|virtual assistants?|qualified leads|no credit check)\b/gi,
  },
  {
    name: 'markup',
    weight: 3,
    pattern: /\[url=|\[\/url\]|<a\s+href\b|\[link=/gi,
  },
];
