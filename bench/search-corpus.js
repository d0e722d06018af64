'use strict';
// The search benchmark's documents: about 5 KB of HTML each, in English (half of them), accented
// European languages, Chinese, Japanese and Korean, with words drawn by Zipf's law (the k-th most
// common word is k times rarer than the first), so a few words are in most documents and most
// words in few. Generated from the document's number alone: the same corpus on every run and in
// every database, without keeping it in memory.

/** A small, fast, seedable generator (mulberry32): the same numbers for the same seed. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Draws indexes 0..n-1 by Zipf's law (exponent 1), by inverting the cumulative weights. */
function zipf(n) {
  const cumulative = new Float64Array(n);
  let sum = 0;
  for (let k = 0; k < n; k++) cumulative[k] = sum += 1 / (k + 1);
  return (next) => {
    const target = next() * sum;
    let low = 0;
    let high = n - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle] < target) low = middle + 1;
      else high = middle;
    }
    return low;
  };
}

const ENGLISH_COMMON =
  `the of and to a in is that for it as was with be by on not he this are or his
from at which but have an they you were her she there one all we their has been would more if will
when who so what no can out said other about up into them than some could time these two may first
then do any like my now over such our man me even most made after also did many before must through
back years where much your way well down should because each just those people how too little state
good very make world still own see men work long get here between both life being under never day
same another know while last might us great old year off come since against go came right used take
three data report project team budget plan review meeting customer market quarter sales product
design system network server database migration release version test build deploy security policy
contract invoice payment schedule office manager board annual growth revenue cost risk quality`
    .split(/\s+/)
    .filter(Boolean);

/** Syllables for the long tail of English-like words (names, jargon, rare terms). */
const SYLLABLES = 'ka lo mi ne ru ta vo zen pra tor lix mon dar vel qui sto ber gan hol fre'.split(
  ' ',
);

const ACCENTED = `café résumé naïve façade déjà élève crème brûlée garçon über straße müller
schön größe mañana niño señor año corazón información estación canción été hôtel forêt noël
château théâtre bibliothèque réunion société économie qualité sécurité développement`
  .split(/\s+/)
  .filter(Boolean);

const CHINESE =
  `我们 讨论 数据库 迁移 计划 明天 开始 项目 团队 会议 报告 预算 客户 市场 产品 设计 系统
网络 服务器 版本 测试 发布 安全 政策 合同 发票 付款 时间表 办公室 经理 董事会 年度 增长 收入 成本 风险
质量 公司 工作 问题 需要 我们的 他们 今天 已经 可以 进行 完成 重要 北京 上海 中国 技术 管理 用户 文档
的 了 是 在 和 也 很 都 就 有`
    .split(/\s+/)
    .filter(Boolean);

const JAPANESE =
  `東京 天気 会議 データベース 移行 計画 明日 開始 プロジェクト チーム 報告 予算 顧客 市場
製品 設計 システム ネットワーク サーバー バージョン テスト 公開 安全 契約 請求書 支払い 事務所 部長
年度 成長 売上 費用 品質 会社 仕事 問題 大阪 京都 技術 管理 利用者 文書 今日 昨日 新しい 重要
の は が を に で と も です ます した`
    .split(/\s+/)
    .filter(Boolean);

const KOREAN =
  `서울에서 서울은 서울의 회의를 회의는 데이터베이스 이전 계획을 내일 시작합니다 프로젝트
팀이 보고서를 예산은 고객의 시장 제품을 설계 시스템 네트워크 서버 버전 테스트 배포 보안 계약 청구서
지불 사무실 관리자 이사회 연간 성장 매출 비용 위험 품질 회사 업무 문제 부산 기술 관리 사용자 문서
오늘 어제 새로운 중요한 그리고 하지만 우리는 그들은`
    .split(/\s+/)
    .filter(Boolean);

/** An English vocabulary: the common words first, then 30,000 made-up rarer ones. */
function englishVocabulary() {
  const next = random(7);
  const words = [...ENGLISH_COMMON];
  const seen = new Set(words);
  while (words.length < ENGLISH_COMMON.length + 30_000) {
    const length = 2 + Math.floor(next() * 3);
    let word = '';
    for (let i = 0; i < length; i++) word += SYLLABLES[Math.floor(next() * SYLLABLES.length)];
    if (!seen.has(word)) {
      seen.add(word);
      words.push(word);
    }
  }
  return words;
}

const ENGLISH = englishVocabulary();
const LANGUAGES = [
  { name: 'english', share: 0.5, words: ENGLISH, spaced: true },
  { name: 'accented', share: 0.15, words: [...ACCENTED, ...ENGLISH.slice(0, 400)], spaced: true },
  { name: 'chinese', share: 0.15, words: CHINESE, spaced: false, stop: '。', comma: '，' },
  { name: 'japanese', share: 0.1, words: JAPANESE, spaced: false, stop: '。', comma: '、' },
  { name: 'korean', share: 0.1, words: KOREAN, spaced: true },
];
const draws = new Map(LANGUAGES.map((language) => [language, zipf(language.words.length)]));

/** Phrases that appear as phrases (for the phrase query) at a known rate. */
const PHRASES = ['annual report', 'database migration'];

/** Escapes text for HTML. */
const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Document `n`: its language, title and HTML (about 5 KB of UTF-8), the same for the same `n`.
 */
function documentNumber(n) {
  const next = random(n * 2654435761);
  let pick = next();
  const language = LANGUAGES.find((candidate) => (pick -= candidate.share) < 0) ?? LANGUAGES[0];
  const draw = draws.get(language);
  const word = () => language.words[draw(next)];
  const sentence = (count) => {
    const words = Array.from({ length: count }, word);
    if (language.spaced && language.name !== 'korean' && next() < 0.05) {
      words.splice(Math.floor(next() * words.length), 0, PHRASES[Math.floor(next() * 2)]);
    }
    if (!language.spaced) return words.join('') + language.stop;
    const text = words.join(' ');
    return text[0].toUpperCase() + text.slice(1) + '.';
  };
  const title = sentence(3 + Math.floor(next() * 4)).replace(/[.。]$/, '');
  const paragraphs = [];
  let bytes = 0;
  while (bytes < 4800) {
    const sentences = Array.from({ length: 3 + Math.floor(next() * 4) }, () =>
      sentence(language.spaced ? 8 + Math.floor(next() * 10) : 6 + Math.floor(next() * 8)),
    );
    const inline = next() < 0.3 ? `<b>${escape(word())}</b> ` : '';
    const paragraph = `<p>${inline}${escape(sentences.join(language.spaced ? ' ' : ''))}</p>`;
    paragraphs.push(paragraph);
    bytes += Buffer.byteLength(paragraph);
  }
  return { language: language.name, title, html: paragraphs.join('\n') };
}

module.exports = { documentNumber, ENGLISH, LANGUAGES };
