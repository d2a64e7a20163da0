/** German texts of T.O.M. (issue 16 §5). */
const tom = {
  title: "TODO",
};

export default tom;
