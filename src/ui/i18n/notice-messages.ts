import type { InterfaceLanguage } from '../../data/languages.ts';

/**
 * Text of the error notices of the app page (a data source or a plugin that failed), in the 11 interface
 * languages. Loaded with the notices, on the first such error.
 */
export type NoticeMessageId = 'notice.region' | 'notice.dataSourceFailed' | 'notice.dataSource' | 'notice.plugin' | 'notice.details' | 'notice.close' | 'notice.closeAll';

type Catalog = Record<NoticeMessageId, string>;

export const NOTICE_MESSAGES: Record<InterfaceLanguage, Catalog> = {
  en: {
    'notice.region': 'Problems',
    'notice.dataSourceFailed': 'The GTFS data {name} could not be loaded.',
    'notice.dataSource': 'The GTFS data {name} has a problem.',
    'notice.plugin': 'The plugin {name} stopped with an error.',
    'notice.details': 'Details',
    'notice.close': 'Close this notice',
    'notice.closeAll': 'Close all',
  },
  ja: {
    'notice.region': '問題のお知らせ',
    'notice.dataSourceFailed': 'GTFS データ {name} を読み込めませんでした。',
    'notice.dataSource': 'GTFS データ {name} に問題があります。',
    'notice.plugin': 'プラグイン「{name}」はエラーで停止しました。',
    'notice.details': '詳細',
    'notice.close': 'このお知らせを閉じる',
    'notice.closeAll': 'すべて閉じる',
  },
  ko: {
    'notice.region': '문제 알림',
    'notice.dataSourceFailed': 'GTFS 데이터 {name}을(를) 불러올 수 없습니다.',
    'notice.dataSource': 'GTFS 데이터 {name}에 문제가 있습니다.',
    'notice.plugin': '플러그인 {name}이(가) 오류로 중지되었습니다.',
    'notice.details': '자세히',
    'notice.close': '이 알림 닫기',
    'notice.closeAll': '모두 닫기',
  },
  'zh-Hans': {
    'notice.region': '问题通知',
    'notice.dataSourceFailed': '无法加载 GTFS 数据 {name}。',
    'notice.dataSource': 'GTFS 数据 {name} 有问题。',
    'notice.plugin': '插件“{name}”因错误而停止。',
    'notice.details': '详细信息',
    'notice.close': '关闭此通知',
    'notice.closeAll': '全部关闭',
  },
  'zh-Hant': {
    'notice.region': '問題通知',
    'notice.dataSourceFailed': '無法載入 GTFS 資料 {name}。',
    'notice.dataSource': 'GTFS 資料 {name} 有問題。',
    'notice.plugin': '外掛程式「{name}」因錯誤而停止。',
    'notice.details': '詳細資訊',
    'notice.close': '關閉此通知',
    'notice.closeAll': '全部關閉',
  },
  th: {
    'notice.region': 'การแจ้งปัญหา',
    'notice.dataSourceFailed': 'ไม่สามารถโหลดข้อมูล GTFS {name} ได้',
    'notice.dataSource': 'ข้อมูล GTFS {name} มีปัญหา',
    'notice.plugin': 'ปลั๊กอิน {name} หยุดทำงานเนื่องจากข้อผิดพลาด',
    'notice.details': 'รายละเอียด',
    'notice.close': 'ปิดการแจ้งเตือนนี้',
    'notice.closeAll': 'ปิดทั้งหมด',
  },
  ne: {
    'notice.region': 'समस्याका सूचनाहरू',
    'notice.dataSourceFailed': 'GTFS डेटा {name} लोड गर्न सकिएन।',
    'notice.dataSource': 'GTFS डेटा {name} मा समस्या छ।',
    'notice.plugin': 'प्लगइन {name} त्रुटिका कारण रोकियो।',
    'notice.details': 'विवरण',
    'notice.close': 'यो सूचना बन्द गर्नुहोस्',
    'notice.closeAll': 'सबै बन्द गर्नुहोस्',
  },
  'pt-BR': {
    'notice.region': 'Problemas',
    'notice.dataSourceFailed': 'Não foi possível carregar os dados GTFS {name}.',
    'notice.dataSource': 'Há um problema com os dados GTFS {name}.',
    'notice.plugin': 'O plugin {name} parou com um erro.',
    'notice.details': 'Detalhes',
    'notice.close': 'Fechar este aviso',
    'notice.closeAll': 'Fechar todos',
  },
  fr: {
    'notice.region': 'Problèmes',
    'notice.dataSourceFailed': 'Les données GTFS {name} n’ont pas pu être chargées.',
    'notice.dataSource': 'Les données GTFS {name} posent un problème.',
    'notice.plugin': 'Le plugin {name} s’est arrêté sur une erreur.',
    'notice.details': 'Détails',
    'notice.close': 'Fermer cet avis',
    'notice.closeAll': 'Tout fermer',
  },
  es: {
    'notice.region': 'Problemas',
    'notice.dataSourceFailed': 'No se pudieron cargar los datos GTFS {name}.',
    'notice.dataSource': 'Hay un problema con los datos GTFS {name}.',
    'notice.plugin': 'El complemento {name} se detuvo por un error.',
    'notice.details': 'Detalles',
    'notice.close': 'Cerrar este aviso',
    'notice.closeAll': 'Cerrar todo',
  },
  de: {
    'notice.region': 'Probleme',
    'notice.dataSourceFailed': 'Die GTFS-Daten {name} konnten nicht geladen werden.',
    'notice.dataSource': 'Mit den GTFS-Daten {name} gibt es ein Problem.',
    'notice.plugin': 'Das Plugin {name} wurde mit einem Fehler beendet.',
    'notice.details': 'Details',
    'notice.close': 'Diesen Hinweis schließen',
    'notice.closeAll': 'Alle schließen',
  },
};
