package tapestry

// LandmarkShape returns the footprint of landmark i turned rot quarter
// turns clockwise, as (row, col) offsets from the top-left corner of its
// bounding box: a placement "lm:<row>,<col>@<rot>" covers the plots
// (row+dr, col+dc) of this shape, those outside the grid being overhang.
// It returns nil for an unknown landmark. It only reads the content
// tables, for pictures of a placement.
func LandmarkShape(i, rot int) CityShape {
	if i < 0 || i >= len(Landmarks) {
		return nil
	}
	return cityRotate(Landmarks[i].Footprint, rot)
}
