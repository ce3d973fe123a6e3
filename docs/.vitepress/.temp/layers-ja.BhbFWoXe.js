const _imports_0 = "/docs/master/screenshots/layers-ja.jpg";
export {
  _imports_0 as _
};
