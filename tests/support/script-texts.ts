/**
 * Prose in the scripts a model may write besides Latin, and the worst of each: characters Gemma
 * spells in bytes, alone, between spaces and between punctuation, where nothing merges.
 */
export const SCRIPT_TEXTS: Record<string, string> = {
  chinese: "我们为小型企业设计网站和网上商店。带博客的网站大约需要四到六周，价格取决于页面数量和功能。",
  japanese:
    "私たちは小さなお店のためにウェブサイトとオンラインストアを作ります。ブログ付きのサイトは数週間かかります。",
  korean: "저희는 작은 가게를 위한 웹사이트와 온라인 상점을 만듭니다. 블로그가 있는 사이트는 몇 주가 걸립니다.",
  thai: "เราออกแบบเว็บไซต์และร้านค้าออนไลน์สำหรับธุรกิจขนาดเล็ก เว็บไซต์ที่มีบล็อกใช้เวลาหลายสัปดาห์",
  arabic: "نحن نصمم مواقع الويب والمتاجر الإلكترونية للشركات الصغيرة. يستغرق موقع مع مدونة عدة أسابيع.",
  hindi: "हम छोटे व्यवसायों के लिए वेबसाइट और ऑनलाइन स्टोर बनाते हैं। ब्लॉग वाली साइट में कुछ सप्ताह लगते हैं।",
  russian: "Мы создаём сайты и интернет-магазины для малого бизнеса. Сайт с блогом занимает несколько недель.",
  vietnamese: "Chúng tôi thiết kế trang web và cửa hàng trực tuyến cho doanh nghiệp nhỏ trong vài tuần.",
  emoji: "🎉🚀✨👍🏽👨‍👩‍👧‍👦😀🥐🧁🍞🌮🎨🛒📦💬 ",
  "combining marks": "a\u0301\u0302\u0303e\u0301\u0308o\u0300\u0323\u031b h\u0336\u0335e\u0337l\u0321l\u0327o\u0339 ",
  "rare characters": "龘靐齉麤鱻爩龖𠀀𠀁𠀂𠀃",
  "rare characters between spaces": "龘 靐 齉 麤 鱻 爩 龖 𠀀 𠀁 a 𠀂 b 𠀃",
  "rare characters between punctuation": "龘.靐,齉;麤:鱻!爩?龖-𠀀(𠀁)𠀂'𠀃\"",
  "common characters between punctuation": "中.文.中.文.中.文.中.文",
  "mixed with prices": "网站价格：$ 1,800 USD，四到六周。サイトは 1,800 円です。🎉 ok",
};
