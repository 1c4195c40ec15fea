// 'Tu to vari' latviešu valodā. Vietturi: skat. template.ts ({name.gen}, {name.dat}, {name.voc},
// {zēna forma|meitenes forma}). Pēdiņas „…”, domuzīme –, daudzpunkte ….
// Teksts rakstīts tā, lai arī nelokāms vārds (Zoë, Hugo) visās vietās skanētu pareizi.
// Pieaugušie: {dad}/{mum} un locījumi, {dad:vīr.|siev.} dzimte, {both} abi kopā (skat. template.ts un
// docs/family-words.md); `solo` – teikumi grāmatai ar vienu pieaugušo.

import type { StoryLanguageText } from './template.ts';

export const LV: StoryLanguageText = {
  bookTitle: 'Tu to vari',
  coverTitle: 'Tu to vari, {name.voc}!',
  coverSubtitle: 'Stāsts par futbolu, sajūtām un drosmi mēģināt vēlreiz',
  // The banner on 19-20 says what the story says it says.
  signs: {
    'page_15-16': 'LIELĀ SPĒLE SESTDIEN! VISI LAIPNI AICINĀTI!',
    'page_19-20': 'AIZIET, {NAME.voc}!',
  },
  solo: {
    'page_5-6': {
      2: '{Mum} nolika dakšiņu. „Neviens nepiedzimst jau gatavs futbolists,” {mum:viņš|viņa} sacīja. „Visi iemācās, trenējoties. Un es zinu, ar ko sākt.”',
    },
    'page_7-8': {
      1: '„Iepazīsties – kapteinis Bumbulis!” svinīgi paziņoja {dad} un atnesa vēl divus spaiņus un maisu ar konusiem. „{name.voc}, laipni lūdzam Dārza futbola akadēmijā!”',
    },
    'page_9-10': {
      1: 'Bumba aizlidoja pāri {dad.gen} galvai, pāri veļas auklai un taisni {dad:viņa|viņas} tulpēs.',
    },
    'page_19-20': {
      1: 'Laukuma malā {mum} vicināja plakātu ar milzīgiem, šķībiem burtiem: AIZIET, {NAME.voc}! {mum:Viņš|Viņa} gavilēja tik skaļi, ka daži skatītāji aizspieda ausis.',
    },
    'page_29-30': {
      1: 'Ieelpa… izelpa. Ieelpa… izelpa. {Mum} elpoja līdzi, {mum:aizvēris|aizvērusi} acis. Akmens {name.gen} vēderā kļuva arvien vieglāks.',
    },
    'page_31-32': {
      1: '„It īpaši tāpēc, ka netrāpīji,” sacīja {mum}. „Katra kļūda iemāca kājām ko jaunu.”',
      2: '{Mum} {name.acc} apsedza un noskūpstīja. „Ar labu nakti. Tu to vari, {name.voc}.”',
    },
    'page_37-38': {
      1: 'Garām vienam spēlētājam. Garām otram! „AIZIET, {NAME.voc}!” sauca {mum}, {mum:lēkādams|lēkādama} kā ķengurs.',
    },
  },
  spreads: {
    'page_1-2': [
      '{name} dievināja futbolu. Dievināja no rīta, dievināja pēc skolas un visvairāk tad, kad vajadzēja tīrīt zobus.',
      'Bum, bum, bum! Bumba ripoja ap dīvānu, zem galda un garām ļoti pārsteigtam kaķim. Lampa sašūpojās. Kaķis paslēpās.',
    ],
    'page_3-4': [
      'Bet skolā, kad sākās lielā spēle, {name} palika laukuma malā, cieši {piespiedis|piespiedusi} bumbu pie krūtīm.',
      '„Ja nu es netrāpīšu?” {viņš|viņa} čukstēja. „Ja nu visi smiesies? Es vienkārši neesmu pietiekami {labs|laba}.”',
      'Šaubu balstiņa bija pavisam maziņa. Bet tā skanēja ļoti, ļoti skaļi.',
    ],
    'page_5-6': [
      'Tajā vakarā {name} tikai bakstīja spageti ar dakšiņu un neēda.',
      '„Es neprotu spēlēt futbolu,” {viņš|viņa} beidzot teica. „Ne pa īstam. Ne tā kā citi.”',
      '{Dad} nolika dakšiņu. {Mum} arī. „Neviens nepiedzimst jau gatavs futbolists,” sacīja {mum}. „Visi iemācās, trenējoties,” piebilda {dad}. „Un mēs zinām, ar ko sākt.”',
    ],
    'page_7-8': [
      'Nākamajā pēcpusdienā {dad} lepni iznāca no šķūņa ar futbola bumbu rokās. Tā bija veca. Tā bija mazliet saplakusi. Tā mazliet smaržoja pēc šķūņa.',
      '„Iepazīsties – kapteinis Bumbulis!” svinīgi paziņoja {dad}. {Mum} atnesa divus spaiņus un maisu ar konusiem. „{name.voc}, laipni lūdzam Dārza futbola akadēmijā!”',
    ],
    'page_9-10': [
      '{Dad} notupās starp spaiņiem kā {dad:īsts vārtsargs|īsta vārtsardze}. {name} ieskrējās, atvēzēja kāju un… VUŠŠ!',
      'Bumba aizlidoja pāri {dad.gen} galvai, pāri veļas auklai un taisni {mum.gen} tulpēs.',
      '„Nu,” smējās {mum}, „sitiens bija tiešām spēcīgs. Tagad iemācīsim bumbai, kurp lidot.”',
    ],
    'page_11-12': [
      'Parkā {mum} izlika līkumainu oranžu konusu rindu. „Mazi pieskārieni,” {mum:viņš|viņa} teica, „it kā bumba būtu kucēns pavadā.”',
      'Piesit, piesit – pa kreisi. Piesit, piesit – pa labi. {name} apgāza pirmo konusu, tad otro, tad piekto.',
      'Bet sesto? Ap sesto {name} aizlocījās {kā īsts futbolists|kā īsta futboliste}.',
    ],
    'page_13-14': [
      '{all:Viņi|Viņas} trenējās saulainās dienās un vējainās dienās. {all:Viņi|Viņas} trenējās pat tad, kad lija tā, ka {dad.gen} lietussargs apgriezās otrādi.',
      'Ar katru dienu {name.gen} sitieni kļuva mazliet precīzāki un kājas – mazliet veiklākas.',
      '„Redzi!” priecājās {mum}. „Katrs treniņš – solis uz priekšu!”',
    ],
    'page_15-16': [
      'Tad uz skolas ziņojumu dēļa {name} ieraudzīja plakātu: LIELĀ SPĒLE SESTDIEN! VISI LAIPNI AICINĀTI!',
      'Sirds mazliet salēcās. Vēderā kaut kas sakustējās. „Es gribu spēlēt,” nodomāja {name}. „Laikam. Varbūt. Jā!”',
      'Likās, ka vēderā simts tauriņu spēlē futbolu.',
    ],
    'page_17-18': [
      'Sestdien {name} sēdēja mašīnas aizmugurējā sēdeklī jaunā formā un turēja klēpī kapteini Bumbuli – veiksmei.',
      '„Kā jūties?” jautāja {mum}. „Esmu mazliet {satraucies|satraukusies},” atzina {name}. „Ceļgali trīc kā želeja.”',
      '„Pirms kaut kā svarīga tā jūtas visi,” teica {dad}. „Tas nozīmē, ka tev tas ir svarīgi.”',
    ],
    'page_19-20': [
      'Atskanēja svilpe. Spēle sākās! {name} skrēja un skrēja – uz vienu laukuma galu un atpakaļ. Vaigi sārti, sirds dauzās.',
      'Laukuma malā {both} vicināja plakātu ar milzīgiem, šķībiem burtiem: AIZIET, {NAME.voc}! {Mum} gavilēja. {Dad} gavilēja vēl skaļāk. Daži skatītāji aizspieda ausis.',
    ],
    'page_21-22': [
      'Pašās beigās bumba atripoja tieši pie {name.gen}. Tur bija vārti. Tur bija iespēja.',
      '{name} sita… un bumba aizlidoja garām stabam. Pēc brīža pretinieki iesita vārtus.',
      'Nosvilpa tiesnesis. Spēle bija zaudēta – divi pret trīs. {name} palika stāvam kā {sastindzis|sastingusi}.',
    ],
    'page_23-24': [
      '{name} sēdēja uz soliņa, galvu {nodūris|nodūrusi}. {Dad} apsēdās blakus un pagaidīja.',
      '„Ko tu tagad jūti?” {dad:viņš|viņa} klusi jautāja. {name} brīdi padomāja. „Skumjas,” {viņš|viņa} teica. „Un dusmas. Un mazliet kaunu.”',
      '„Tās ir daudzas sajūtas,” sacīja {dad}. „Tas ir ļoti labi, ka tu vari tās nosaukt vārdā.”',
    ],
    'page_25-26': [
      '{Mum} notupās {viņam|viņai} priekšā. „Kur tu šīs sajūtas jūti savā ķermenī?”',
      '{name} parādīja. „Kaklā kaut kas spiež. Vēderā ir smagi kā akmens. Un vaigi deg.”',
      '{Mum} pamāja. „Sajūtas dzīvo arī mūsu ķermenī. Kad tās pamanām, tās ir vieglāk panest.”',
    ],
    'page_27-28': [
      'Braucot mājās, {dad} pastāstīja stāstu. „Kad biju tikpat {dad:vecs|veca} kā tu, man skolas kausa finālā bija jāsit soda sitiens. Es paslīdēju dubļos un nokritu tieši uz dibena. Bumba līdz vārtiem pat neaizripoja!”',
      '{name} iespurdzās. „Un tev bija skumji?” „Ļoti,” sacīja {dad}. „Tāpēc es par to izrunājos ar savu mammu. Gluži kā mēs tagad.”',
    ],
    'page_29-30': [
      'Mājās {mum} parādīja {name.dat} paņēmienu, kas palīdz lielām sajūtām. „Uzliec roku uz vēdera. Lēni ieelpo caur degunu un piepūt vēderu kā balonu. Tagad lēni izelpo, it kā izpūstu sveces uz dzimšanas dienas kūkas.”',
      'Ieelpa… izelpa. Ieelpa… izelpa. Pat {dad} pievienojās, {dad:aizvēris|aizvērusi} acis. Akmens {name.gen} vēderā kļuva arvien vieglāks.',
    ],
    'page_31-32': [
      'Pirms miega {name} vēroja zvaigznītes, kas mirdzēja pie griestiem. „Es tomēr gribu spēlēt,” {viņš|viņa} klusi teica. „Pat ja netrāpīju?”',
      '„It īpaši tāpēc, ka netrāpīji,” sacīja {mum}. „Katra kļūda iemāca kājām ko jaunu,” piebilda {dad}.',
      '{both:Viņi|Viņas} {name.acc} apsedza un noskūpstīja. „Ar labu nakti. Tu to vari, {name.voc}.”',
    ],
    'page_33-34': [
      'Nākamajā rītā {name} jau pirms brokastīm bija dārzā – vēl pidžamā, bet jau futbola butsās.',
      '{Dad} izvilkās ārā halātā ar tējas krūzi rokā. „Sitienu treniņš?” {dad:viņš|viņa} jautāja {dad:žāvādamies|žāvādamās}. „Elpošanas treniņš,” atbildēja {name}. „Pēc tam sitienu.”',
      'Ieelpa. Izelpa. Sitiens! Kapteinis Bumbulis ielidoja taisni starp spaiņiem.',
    ],
    'page_35-36': [
      'Pēc nedēļas bija nākamā spēle, un tauriņi atlidoja līdzi. {name} tos pamanīja – tie plivinājās vēderā.',
      '„Sveiks, uztraukum,” {viņš|viņa} čukstēja. „Tu vari nākt līdzi, bet spēlēšu es.”',
      '{name} uzlika roku uz vēdera un elpoja – lēni un dziļi. Tribīnē {both} elpoja līdzi.',
    ],
    'page_37-38': [
      'Bumba nonāca pie {name.gen}. Mazi pieskārieni, kā kucēns pavadā. Piesit, piesit – pa kreisi. Piesit, piesit – pa labi.',
      'Garām vienam spēlētājam. Garām otram! „AIZIET, {NAME.voc}!” sauca {both}, {both:lēkādami|lēkādamas} kā divi ķenguri.',
    ],
    'page_39-40': [
      'Tur bija vārti. Tur bija iespēja. Šaubu balstiņa iesāka: „Ja nu…”',
      'Bet {name} ievilka vienu lielu balona elpu – un sita.',
      'Bumba aizšāvās augstu un ātri garām vārtsargam, kurš metās tai pakaļ, un ielidoja tieši vārtu augšējā stūrī. VĀRTI!',
    ],
    'page_41-42': [
      '{name} pacēla rokas pret debesīm. Komanda gavilēja. Skatītāji gavilēja. {Both} gavilēja visskaļāk.',
      'Un tad notika lielākais un mīļākais ģimenes apskāviens futbola vēsturē.',
      '„Man izdevās!” iesaucās {name}. „Izdevās gan,” smējās {mum}. „Jo tu nepadevies.”',
    ],
    'page_43-44': [
      'Tajā vakarā {allOfUs} sēdēja dārzā kopā ar veco kapteini Bumbuli. {name} zināja: dažreiz {viņš|viņa} iesitīs vārtus, dažreiz netrāpīs. Un abos gadījumos viss būs labi.',
      'Jo sajūtas var nosaukt vārdā, pamanīt, izrunāt un izelpot. Un lai kas notiktu, {name.voc}, tu to vari.',
    ],
  },
};
