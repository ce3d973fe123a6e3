const _imports_0 = "/docs/master/screenshots/overview-ja.jpg";
export {
  _imports_0 as _
};
